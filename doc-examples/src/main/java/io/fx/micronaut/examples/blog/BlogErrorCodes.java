package io.fx.micronaut.examples.blog;

import io.fx.micronaut.exception.ErrorCatalog;
import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;
import java.util.List;

/**
 * The blog's own error code, published like a module's: an application declares the codes only it
 * answers with and lists them in an {@link ErrorCatalog} bean, so the API document names them.
 *
 * @since 0.7.0
 */
@Singleton
public final class BlogErrorCodes implements ErrorCatalog {

    /** A login presented an unknown user name or a wrong password. */
    public static final ErrorCode INVALID_CREDENTIALS = ErrorCode.of("INVALID_CREDENTIALS", 401);

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return List.of(INVALID_CREDENTIALS);
    }
}
