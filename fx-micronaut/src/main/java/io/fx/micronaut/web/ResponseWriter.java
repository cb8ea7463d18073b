package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Turns an {@link FxResponse} into an HTTP response: JSON body (none for HEAD), the request id and
 * service name headers, and the headers the pipeline added.
 */
@Internal
@Singleton
final class ResponseWriter {

    private final JsonCodec json;
    private final String serviceName;

    ResponseWriter(JsonCodec json, FxConfiguration configuration) {
        this.json = json;
        this.serviceName = configuration.getServiceName().filter(s -> !s.isBlank()).orElse(null);
    }

    MutableHttpResponse<?> write(FxResponse response, HttpMethod method, String requestId, Map<String, String> extra) {
        MutableHttpResponse<byte[]> http = HttpResponse.<byte[]>ok().status(response.status());
        http.header(RequestIds.HEADER, requestId);
        if (serviceName != null) {
            http.header("X-Service-Name", serviceName);
        }
        extra.forEach(http::header);
        response.headers().forEach(http::header);
        if (response.body() != null) {
            byte[] bytes = json.writeBytes(response.body());
            http.contentType(MediaType.APPLICATION_JSON_TYPE);
            if (method == HttpMethod.HEAD) {
                http.contentLength(bytes.length);
            } else {
                http.body(bytes);
            }
        }
        return http;
    }
}
