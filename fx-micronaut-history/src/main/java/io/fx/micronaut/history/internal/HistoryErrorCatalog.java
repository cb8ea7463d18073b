package io.fx.micronaut.history.internal;

import io.fx.micronaut.exception.ErrorCatalog;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.history.HistoryErrorCodes;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;

/** Publishes {@link HistoryErrorCodes}. */
@Singleton
final class HistoryErrorCatalog implements ErrorCatalog {

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return HistoryErrorCodes.ALL;
    }
}
