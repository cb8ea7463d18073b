package io.fx.micronaut.aws;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A function's answer as a client of API Gateway sees it: status, headers (names in any case), body text.
 *
 * @param status  the status
 * @param headers the headers
 * @param body    the body, empty when none
 */
record Answer(int status, Map<String, String> headers, String body) {

    String header(String name) {
        return headers.get(name);
    }

    static Answer of(APIGatewayV2HTTPResponse response) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (response.getHeaders() != null) {
            headers.putAll(response.getHeaders());
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((name, values) -> headers.put(name, String.join(", ", values)));
        }
        return new Answer(response.getStatusCode(), headers, text(response.getBody(), response.getIsBase64Encoded()));
    }

    static Answer of(APIGatewayProxyResponseEvent response) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (response.getHeaders() != null) {
            headers.putAll(response.getHeaders());
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((name, values) -> headers.put(name, String.join(", ",
                values == null ? List.of() : values)));
        }
        return new Answer(response.getStatusCode(), headers,
            text(response.getBody(), Boolean.TRUE.equals(response.getIsBase64Encoded())));
    }

    private static String text(String body, boolean base64) {
        if (body == null) {
            return "";
        }
        return base64 ? new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8) : body;
    }
}
