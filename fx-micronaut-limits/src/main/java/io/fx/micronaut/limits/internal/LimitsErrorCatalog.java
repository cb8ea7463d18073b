package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.ErrorCatalog;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.limits.LimitsErrorCodes;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;

/** Publishes {@link LimitsErrorCodes} to the error code registry and the API document. */
@Internal
@Singleton
final class LimitsErrorCatalog implements ErrorCatalog {

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return LimitsErrorCodes.ALL;
    }
}
