package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.ResponseContent;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;


/**
 * Turns an {@link FxResponse} into an HTTP response: JSON body, or the {@link ResponseContent content} as it is
 * (none for HEAD, with its length), the request id and service name headers, and the headers the pipeline
 * added.
 */
@Internal
@Singleton
final class ResponseWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ResponseWriter.class);

    /** A body over its limit, answered before the rest of it was read. */
    private static final int PAYLOAD_TOO_LARGE = 413;

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
        MutableHttpResponse<Object> http = (MutableHttpResponse<Object>) target;
        if (http.code() != response.status()) {
            http.status(response.status());
        }
        http.header(RequestIds.HEADER, requestId);
        if (serviceName != null) {
            http.header("X-Service-Name", serviceName);
        }
        response.headers().forEach(http::header);
        response.cookies().forEach(http::cookie);
        if (response.status() == PAYLOAD_TOO_LARGE) {
            // the rest of the body is never read: closing is the only way not to take it for the next request
            http.header(HttpHeaders.CONNECTION, "close");
        }
        if (response.body() != null) {
            byte[] bytes = serialise(response, requestId, http);
            http.contentType(MediaType.APPLICATION_JSON_TYPE);
            if (method == HttpMethod.HEAD) {
                http.contentLength(bytes.length);
            } else {
                http.body(bytes);
            }
        } else if (response.content() != null) {
            content(http, response.content(), method);
        }
        return http;
    }

    /** The content as it is, with its type and, when known, its length; HEAD closes a stream unread. */
    private static void content(MutableHttpResponse<Object> http, ResponseContent content, HttpMethod method) {
        http.contentType(content.contentType());
        content.length().ifPresent(http::contentLength);
        if (method == HttpMethod.HEAD) {
            if (content instanceof ResponseContent.StreamContent stream) {
                close(stream.stream());
            }
        } else if (content instanceof ResponseContent.BytesContent bytes) {
            http.body(bytes.bytes());
        } else if (content instanceof ResponseContent.StreamContent stream) {
            http.body(stream.size() < 0 ? stream.stream() : new SizedStream(stream.stream(), stream.size()));
        }
    }

    private static void close(InputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            LOG.debug("Closing an unsent response stream failed", e);
        }
    }

    /** A response with the status: the common ones from their constants, any other code (499 too) by number. */
    private static MutableHttpResponse<Object> response(int code) {
        return switch (code) {
            case 200 -> HttpResponse.status(HttpStatus.OK);
            case 201 -> HttpResponse.status(HttpStatus.CREATED);
            case 204 -> HttpResponse.status(HttpStatus.NO_CONTENT);
            default -> HttpResponse.ok().status(code);
        };
    }

    /** Serialises the body; a body that cannot be written becomes the generic 500 PANIC envelope. */
    private byte[] serialise(FxResponse response, String requestId, MutableHttpResponse<?> http) {
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
