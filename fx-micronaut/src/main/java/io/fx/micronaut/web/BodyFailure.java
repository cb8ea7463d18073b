package io.fx.micronaut.web;

import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Optional;

/**
 * Recognises a server-specific reason a request body could not be read (the Netty server's decompressor
 * refusing a body that is not what its {@code Content-Encoding} says), and the client's error it is.
 */
@Internal
@FunctionalInterface
interface BodyFailure {

    /**
     * @param cause     one exception of the failure's cause chain
     * @param requestId the request id, for the log
     * @return the error to answer with, empty when the cause is not this one
     */
    @NonNull
    Optional<FxException> of(@NonNull Throwable cause, @NonNull String requestId);
}
