package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.netty.handler.codec.compression.DecompressionException;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * A body whose {@code Content-Encoding} (gzip, deflate, …) does not match its bytes fails in the Netty
 * server's decompressor: that is the client's mistake, answered with 400 {@code BODY_READ_ERROR} and a
 * generic message, and logged at WARN without a stack trace.
 */
@Internal
@Singleton
@Produces
@Requires(classes = DecompressionException.class)
final class DecompressionFailureHandler implements ExceptionHandler<DecompressionException, HttpResponse<?>> {

    private static final Logger LOG = LoggerFactory.getLogger(DecompressionFailureHandler.class);

    private final ResponseWriter writer;

    DecompressionFailureHandler(ResponseWriter writer) {
        this.writer = writer;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, DecompressionException exception) {
        String requestId = RequestIds.of(request);
        LOG.warn("Request {}: the body does not match its Content-Encoding ({})", requestId, exception.getMessage());
        return writer.write(new FxResponse(400, ErrorEnvelope.of(ErrorCode.BODY_READ_ERROR.name(),
            "The request body could not be decoded with its Content-Encoding", null), Map.of()),
            request.getMethod(), requestId);
    }
}
