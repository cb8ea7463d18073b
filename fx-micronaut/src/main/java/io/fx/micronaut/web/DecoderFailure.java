package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

import java.util.Optional;

/**
 * Tells whether the server's HTTP decoder refused a request (a broken request line or header, a request
 * line or header block over the server's limits, ambiguous framing), and which error code says why.
 * The Netty implementation reads the decoder's result and the raw URI; elsewhere requests are always well-formed.
 */
@Internal
@FunctionalInterface
interface DecoderFailure {

    /**
     * @param request the request, as Micronaut hands it to error rendering
     * @return the error code for the decoder's refusal, empty when the request decoded cleanly
     */
    @NonNull
    Optional<ErrorCode> of(@NonNull HttpRequest<?> request);

    /**
     * The path as the client sent it, for requests whose URI does not decode (Micronaut then reports
     * the path {@code /}).
     *
     * @param request the request
     * @return the undecoded path, without the query
     */
    @NonNull
    default String rawPath(@NonNull HttpRequest<?> request) {
        return request.getPath();
    }
}
