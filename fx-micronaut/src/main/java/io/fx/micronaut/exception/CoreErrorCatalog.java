package io.fx.micronaut.exception;

import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;

/** The core's own codes: the constants of {@link ErrorCode}. */
@Singleton
final class CoreErrorCatalog implements ErrorCatalog {

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return ErrorCode.CORE;
    }
}
