package io.fx.micronaut.history;

import io.fx.micronaut.exception.ErrorCode;

import java.util.List;

/**
 * The error codes only the history module answers with. Published to the error code registry and the API document
 * by the module's {@link io.fx.micronaut.exception.ErrorCatalog}.
 *
 * @since 0.8.0
 */
public final class HistoryErrorCodes {

    /**
     * A model with {@code versionedRequired} could not record a write's history row; the write was rolled back. The
     * body carries the generic message of every 5xx answer.
     */
    public static final ErrorCode HISTORY_WRITE_FAILED = ErrorCode.of("HISTORY_WRITE_FAILED", 500);

    /** Every code above. */
    public static final List<ErrorCode> ALL = List.of(HISTORY_WRITE_FAILED);

    private HistoryErrorCodes() {
    }
}
