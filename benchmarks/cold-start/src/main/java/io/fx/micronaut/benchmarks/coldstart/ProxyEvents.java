package io.fx.micronaut.benchmarks.coldstart;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * REST API (payload 1.0) events as API Gateway sends them for a {@code /{proxy+}} resource: single and multi-value
 * headers, the request context with its request id and {@code identity.sourceIp}. A new event per invocation, as
 * each invocation deserialises its own.
 *
 * @since 0.9.0
 */
final class ProxyEvents {

    private static final String SOURCE_IP = "203.0.113.7";

    private ProxyEvents() {
    }

    /**
     * @param path      the path
     * @param requestId API Gateway's request id
     * @return a {@code GET} of the path
     */
    static APIGatewayProxyRequestEvent get(String path, String requestId) {
        return event("GET", path, requestId, Map.of("Accept", "application/json"), null);
    }

    /**
     * @param path      the path
     * @param json      the body
     * @param requestId API Gateway's request id
     * @return a {@code POST} of the JSON body to the path
     */
    static APIGatewayProxyRequestEvent post(String path, String json, String requestId) {
        return event("POST", path, requestId,
            Map.of("Accept", "application/json", "Content-Type", "application/json"), json);
    }

    private static APIGatewayProxyRequestEvent event(String method, String path, String requestId,
                                                     Map<String, String> headers, String body) {
        Map<String, List<String>> multi = new HashMap<>();
        headers.forEach((name, value) -> multi.put(name, List.of(value)));
        APIGatewayProxyRequestEvent.ProxyRequestContext context = new APIGatewayProxyRequestEvent.ProxyRequestContext()
            .withRequestId(requestId).withHttpMethod(method).withPath("/prod" + path).withResourcePath("/{proxy+}")
            .withStage("prod").withProtocol("HTTP/1.1").withAccountId("000000000000").withApiId("coldstart")
            .withIdentity(new APIGatewayProxyRequestEvent.RequestIdentity().withSourceIp(SOURCE_IP))
            .withRequestTimeEpoch(Instant.now().toEpochMilli());
        return new APIGatewayProxyRequestEvent().withResource("/{proxy+}").withPath(path).withHttpMethod(method)
            .withHeaders(new HashMap<>(headers)).withMultiValueHeaders(multi)
            .withPathParameters(Map.of("proxy", path.substring(1))).withRequestContext(context)
            .withBody(body).withIsBase64Encoded(false);
    }
}
