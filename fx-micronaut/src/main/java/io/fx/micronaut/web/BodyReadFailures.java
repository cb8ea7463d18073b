package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.exceptions.BufferLengthExceededException;
import io.micronaut.http.exceptions.ContentLengthExceededException;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

/**
 * Turns a failure to read a request body into the error the client gets: over the server's own limits
 * ({@code micronaut.server.max-request-size}, {@code max-request-buffer-size}) 413 {@code BODY_TOO_LARGE}, as
 * Micronaut's own handler answers it; a {@link BodyFailure} a server module recognises; anything else (a
 * client gone mid-body) 400 {@code BODY_READ_ERROR}.
 */
@Internal
@Singleton
final class BodyReadFailures {

    private static final Logger LOG = LoggerFactory.getLogger(BodyReadFailures.class);

    private final List<BodyFailure> known;

    BodyReadFailures(List<BodyFailure> known) {
        this.known = List.copyOf(known);
    }

    /** @return the refusal of a body over the server's own limit, as Micronaut's handler answers it */
    static FxException overServerLimit() {
        return ErrorCode.BODY_TOO_LARGE.exception("The request body exceeds the server limit");
    }

    FxException translate(Throwable failure, String requestId) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof FxException fx) {
                return fx;
            }
            if (cause instanceof ContentLengthExceededException || cause instanceof BufferLengthExceededException) {
                return overServerLimit();
            }
            for (BodyFailure body : known) {
                Optional<FxException> error = body.of(cause, requestId);
                if (error.isPresent()) {
                    return error.get();
                }
            }
        }
        LOG.debug("Request {}: the request body could not be read", requestId, failure);
        return ErrorCode.BODY_READ_ERROR.exception("The request body could not be read");
    }
}
