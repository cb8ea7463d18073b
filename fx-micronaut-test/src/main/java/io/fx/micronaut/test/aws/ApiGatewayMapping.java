package io.fx.micronaut.test.aws;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Maps an HTTP request to the event API Gateway would hand a Lambda proxy integration, and the function's answer
 * back, as API Gateway does, without a socket (what {@link LocalApiGateway} serves through, and what a test client
 * may invoke a function with directly).
 * <ul>
 *   <li>1.0 (REST API): {@code headers} with each header's last value and {@code multiValueHeaders} with all;
 *       {@code queryStringParameters} (last value, decoded) and {@code multiValueQueryStringParameters} (all,
 *       decoded); {@code requestContext.identity.sourceIp}; a body that is not text is sent base64.</li>
 *   <li>2.0 (HTTP API): {@code rawQueryString} as sent plus {@code queryStringParameters} with repeated values
 *       comma-joined; lower-case {@code headers}, repeated ones comma-joined; {@code cookies} from {@code Cookie};
 *       {@code requestContext.http} with the method, path and {@code sourceIp}; a body that is not text is sent
 *       base64.</li>
 * </ul>
 *
 * @since 0.9.0
 */
public final class ApiGatewayMapping {

    private static final DateTimeFormatter REQUEST_TIME =
        DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private ApiGatewayMapping() {
    }

    /**
     * @param request a request
     * @return the REST API (payload 1.0) event of it
     */
    @NonNull
    public static APIGatewayProxyRequestEvent v1(@NonNull GatewayRequest request) {
        Map<String, String> single = new LinkedHashMap<>();
        Map<String, List<String>> multi = new LinkedHashMap<>();
        request.headers().forEach((name, values) -> {
            single.put(name, values.get(values.size() - 1));
            multi.put(name, List.copyOf(values));
        });
        Map<String, List<String>> query = decode(request.rawQuery());
        Map<String, String> lastValues = new LinkedHashMap<>();
        query.forEach((name, values) -> lastValues.put(name, values.get(values.size() - 1)));
        APIGatewayProxyRequestEvent.RequestIdentity identity = new APIGatewayProxyRequestEvent.RequestIdentity()
            .withSourceIp(request.sourceIp()).withUserAgent(single.get(header(single, "User-Agent")));
        Instant now = Instant.now();
        APIGatewayProxyRequestEvent.ProxyRequestContext context = new APIGatewayProxyRequestEvent.ProxyRequestContext()
            .withRequestId(request.requestId()).withHttpMethod(request.method()).withPath("/local" + request.path())
            .withResourcePath("/{proxy+}").withStage("local").withProtocol("HTTP/1.1").withAccountId("000000000000")
            .withApiId("local").withIdentity(identity).withRequestTime(REQUEST_TIME.format(now))
            .withRequestTimeEpoch(now.toEpochMilli());
        boolean text = isText(request);
        return new APIGatewayProxyRequestEvent().withResource("/{proxy+}").withPath(request.path())
            .withHttpMethod(request.method()).withHeaders(single).withMultiValueHeaders(multi)
            .withQueryStringParameters(lastValues.isEmpty() ? null : lastValues)
            .withMultiValueQueryStringParameters(query.isEmpty() ? null : query)
            .withPathParameters(Map.of("proxy", request.path().replaceFirst("^/", "")))
            .withRequestContext(context).withBody(body(request, text)).withIsBase64Encoded(!text && request.body().length > 0);
    }

    /**
     * @param request a request
     * @return the HTTP API (payload 2.0) event of it
     */
    @NonNull
    public static APIGatewayV2HTTPEvent v2(@NonNull GatewayRequest request) {
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> cookies = new ArrayList<>();
        request.headers().forEach((name, values) -> {
            if (name.equalsIgnoreCase("Cookie")) {
                values.forEach(line -> {
                    for (String cookie : line.split(";")) {
                        if (!cookie.isBlank()) {
                            cookies.add(cookie.trim());
                        }
                    }
                });
            } else {
                headers.merge(name.toLowerCase(Locale.ROOT), String.join(",", values), (a, b) -> a + "," + b);
            }
        });
        Map<String, String> joined = new LinkedHashMap<>();
        decode(request.rawQuery()).forEach((name, values) -> joined.put(name, String.join(",", values)));
        Instant now = Instant.now();
        APIGatewayV2HTTPEvent.RequestContext context = APIGatewayV2HTTPEvent.RequestContext.builder()
            .withRequestId(request.requestId()).withRouteKey("$default").withStage("$default").withApiId("local")
            .withAccountId("000000000000").withDomainName("localhost").withTime(REQUEST_TIME.format(now))
            .withTimeEpoch(now.toEpochMilli())
            .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(request.method())
                .withPath(request.path()).withProtocol("HTTP/1.1").withSourceIp(request.sourceIp())
                .withUserAgent(headers.get("user-agent")).build())
            .build();
        boolean text = isText(request);
        return APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default").withRawPath(request.path())
            .withRawQueryString(request.rawQuery() == null ? "" : request.rawQuery())
            .withQueryStringParameters(joined.isEmpty() ? null : joined)
            .withCookies(cookies.isEmpty() ? null : cookies).withHeaders(headers).withRequestContext(context)
            .withBody(body(request, text)).withIsBase64Encoded(!text && request.body().length > 0).build();
    }

    /**
     * @param response a REST API function's answer
     * @return it as the client receives it
     */
    @NonNull
    public static GatewayResponse response(@NonNull APIGatewayProxyResponseEvent response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (response.getHeaders() != null) {
            response.getHeaders().forEach((name, value) -> headers.put(name, List.of(value)));
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((name, values) -> headers.put(name, List.copyOf(values)));
        }
        return new GatewayResponse(response.getStatusCode(), headers,
            bytes(response.getBody(), Boolean.TRUE.equals(response.getIsBase64Encoded())));
    }

    /**
     * @param response an HTTP API function's answer
     * @return it as the client receives it, its {@code cookies} as {@code Set-Cookie} headers
     */
    @NonNull
    public static GatewayResponse response(@NonNull APIGatewayV2HTTPResponse response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (response.getHeaders() != null) {
            response.getHeaders().forEach((name, value) -> headers.put(name, List.of(value)));
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((name, values) -> headers.put(name, List.copyOf(values)));
        }
        if (response.getCookies() != null && !response.getCookies().isEmpty()) {
            headers.put("Set-Cookie", List.copyOf(response.getCookies()));
        }
        return new GatewayResponse(response.getStatusCode(), headers,
            bytes(response.getBody(), response.getIsBase64Encoded()));
    }

    private static Map<String, List<String>> decode(@Nullable String rawQuery) {
        Map<String, List<String>> query = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return query;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            query.computeIfAbsent(unescape(equals < 0 ? pair : pair.substring(0, equals)), name -> new ArrayList<>())
                .add(equals < 0 ? "" : unescape(pair.substring(equals + 1)));
        }
        return query;
    }

    /** Decodes as API Gateway does; a broken escape stays as it was sent. */
    private static String unescape(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }

    private static String header(Map<String, String> headers, String name) {
        return headers.keySet().stream().filter(name::equalsIgnoreCase).findFirst().orElse(name);
    }

    /** Text bodies pass as they are; others (an image, an octet stream, bytes that are no UTF-8) as base64. */
    private static boolean isText(GatewayRequest request) {
        String type = request.headers().entrySet().stream().filter(h -> h.getKey().equalsIgnoreCase("Content-Type"))
            .flatMap(h -> h.getValue().stream()).findFirst().orElse("").toLowerCase(Locale.ROOT);
        boolean textual = type.isEmpty() || type.startsWith("text/") || type.contains("json") || type.contains("xml")
            || type.contains("javascript") || type.contains("x-www-form-urlencoded");
        return textual && isUtf8(request.body());
    }

    private static boolean isUtf8(byte[] body) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(body));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    private static String body(GatewayRequest request, boolean text) {
        if (request.body().length == 0) {
            return null;
        }
        return text ? new String(request.body(), StandardCharsets.UTF_8)
            : Base64.getEncoder().encodeToString(request.body());
    }

    private static byte[] bytes(@Nullable String body, boolean base64) {
        if (body == null) {
            return new byte[0];
        }
        return base64 ? Base64.getDecoder().decode(body) : body.getBytes(StandardCharsets.UTF_8);
    }
}
