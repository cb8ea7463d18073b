package io.fx.micronaut.security;

import io.fx.micronaut.exception.ErrorCatalog;
import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;

/** Publishes {@link SecurityErrorCodes} to the error code registry and the API document. */
@Singleton
final class SecurityErrorCatalog implements ErrorCatalog {

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return SecurityErrorCodes.ALL;
    }
}
