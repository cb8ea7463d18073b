package io.fx.micronaut.web;

import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.exceptions.ContentLengthExceededException;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/**
 * Answers a body over the server's {@code micronaut.server.max-request-size} with the framework's
 * 413 {@code BODY_TOO_LARGE} envelope.
 */
@Internal
@Singleton
@Produces
@Replaces(io.micronaut.http.server.exceptions.ContentLengthExceededHandler.class)
final class ContentLengthExceededHandler implements ExceptionHandler<ContentLengthExceededException, HttpResponse<?>> {

    @Override
    public HttpResponse<?> handle(HttpRequest request, ContentLengthExceededException exception) {
        return HttpResponse.status(HttpStatus.REQUEST_ENTITY_TOO_LARGE)
            .body(ErrorEnvelope.of("BODY_TOO_LARGE", "The request body exceeds the server limit", null));
    }
}
