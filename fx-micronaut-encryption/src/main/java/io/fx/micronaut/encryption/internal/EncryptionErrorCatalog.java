package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptionErrorCodes;
import io.fx.micronaut.exception.ErrorCatalog;
import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;

/** Publishes {@link EncryptionErrorCodes}. */
@Singleton
final class EncryptionErrorCatalog implements ErrorCatalog {

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return EncryptionErrorCodes.ALL;
    }
}
