package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.exceptions.ContentLengthExceededException;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Answers a body over the server's {@code micronaut.server.max-request-size} with the framework's
 * 413 {@code BODY_TOO_LARGE} envelope.
 */
@Internal
@Singleton
@Produces
@Replaces(io.micronaut.http.server.exceptions.ContentLengthExceededHandler.class)
final class ContentLengthExceededHandler implements ExceptionHandler<ContentLengthExceededException, HttpResponse<?>> {

    private final ResponseWriter writer;

    ContentLengthExceededHandler(ResponseWriter writer) {
        this.writer = writer;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, ContentLengthExceededException exception) {
        return writer.write(new FxResponse(413, ErrorEnvelope.of(ErrorCode.BODY_TOO_LARGE.name(),
            "The request body exceeds the server limit", null), Map.of()), request.getMethod(), RequestIds.of(request));
    }
}
