package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


/**
 * Turns an {@link FxResponse} into an HTTP response: JSON body (none for HEAD), the request id and
 * service name headers, and the headers the pipeline added.
 */
@Internal
@Singleton
final class ResponseWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ResponseWriter.class);

    private final JsonCodec json;
    private final String serviceName;

    ResponseWriter(JsonCodec json, FxConfiguration configuration) {
        this.json = json;
        this.serviceName = configuration.getServiceName().filter(s -> !s.isBlank()).orElse(null);
    }

    MutableHttpResponse<?> write(FxResponse response, HttpMethod method, String requestId) {
        return fill(response(response.status()), response, method, requestId);
    }

    /**
     * Writes the response into an existing one (the one Micronaut's error handling built): status,
     * headers and JSON body.
     */
    @SuppressWarnings("unchecked")
    MutableHttpResponse<?> fill(MutableHttpResponse<?> target, FxResponse response, HttpMethod method, String requestId) {
        MutableHttpResponse<byte[]> http = (MutableHttpResponse<byte[]>) target;
        if (http.code() != response.status()) {
            http.status(response.status());
        }
        http.header(RequestIds.HEADER, requestId);
        if (serviceName != null) {
            http.header("X-Service-Name", serviceName);
        }
        response.headers().forEach(http::header);
        response.cookies().forEach(http::cookie);
        if (response.body() != null) {
            byte[] bytes = serialise(response, requestId, http);
            http.contentType(MediaType.APPLICATION_JSON_TYPE);
            if (method == HttpMethod.HEAD) {
                http.contentLength(bytes.length);
            } else {
                http.body(bytes);
            }
        }
        return http;
    }

    /** A response with the status: the common ones from their constants, any other code (499 too) by number. */
    private static MutableHttpResponse<byte[]> response(int code) {
        return switch (code) {
            case 200 -> HttpResponse.status(HttpStatus.OK);
            case 201 -> HttpResponse.status(HttpStatus.CREATED);
            case 204 -> HttpResponse.status(HttpStatus.NO_CONTENT);
            default -> HttpResponse.<byte[]>ok().status(code);
        };
    }

    /** Serialises the body; a body that cannot be written becomes the generic 500 PANIC envelope. */
    private byte[] serialise(FxResponse response, String requestId, MutableHttpResponse<byte[]> http) {
        try {
            return json.writeBytes(response.body());
        } catch (RuntimeException e) {
            LOG.error("Request {}: the {} response body could not be serialised", requestId, response.status(), e);
            http.status(HttpStatus.INTERNAL_SERVER_ERROR);
            return json.writeBytes(ErrorEnvelope.of(ErrorCode.PANIC.name(),
                HttpStatus.INTERNAL_SERVER_ERROR.getReason(), null));
        }
    }
}
