package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.netty.handler.codec.compression.DecompressionException;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;

/**
 * A body whose {@code Content-Encoding} (gzip, deflate, …) does not match its bytes fails in the Netty
 * server's decompressor: that is the client's mistake, answered with 400 {@code BODY_READ_ERROR} and a
 * generic message, and logged at WARN without a stack trace, whether Micronaut meets it or a route reading
 * its body does.
 */
@Internal
@Singleton
@Produces
@Requires(classes = DecompressionException.class)
final class DecompressionFailureHandler implements ExceptionHandler<DecompressionException, HttpResponse<?>>, BodyFailure {

    private static final Logger LOG = LoggerFactory.getLogger(DecompressionFailureHandler.class);
    private static final String MESSAGE = "The request body could not be decoded with its Content-Encoding";

    private final ResponseWriter writer;

    DecompressionFailureHandler(ResponseWriter writer) {
        this.writer = writer;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, DecompressionException exception) {
        String requestId = RequestIds.of(request);
        log(exception, requestId);
        return writer.write(new FxResponse(400, ErrorEnvelope.of(ErrorCode.BODY_READ_ERROR.name(), MESSAGE, null),
            Map.of()), request.getMethod(), requestId);
    }

    /** The same failure met while a route reads its body. */
    @Override
    @NonNull
    public Optional<FxException> of(@NonNull Throwable cause, @NonNull String requestId) {
        if (!(cause instanceof DecompressionException exception)) {
            return Optional.empty();
        }
        log(exception, requestId);
        return Optional.of(ErrorCode.BODY_READ_ERROR.exception(MESSAGE));
    }

    private static void log(DecompressionException exception, String requestId) {
        LOG.warn("Request {}: the body does not match its Content-Encoding ({})", requestId, exception.getMessage());
    }
}
