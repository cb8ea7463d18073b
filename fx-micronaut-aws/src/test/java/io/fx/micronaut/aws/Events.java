package io.fx.micronaut.aws;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * API Gateway events as the Lambda runtime hands them over: the real event JSON of {@code events/v1.json} (REST API)
 * and {@code events/v2.json} (HTTP API), read with the runtime's own serializers, then given a method, path, query,
 * headers and body as API Gateway fills them in (1.0: decoded multi-value maps; 2.0: {@code rawQueryString} plus
 * comma-joined {@code queryStringParameters}).
 */
final class Events {

    private Events() {
    }

    static APIGatewayProxyRequestEvent v1(String method, String path, String rawQuery, Map<String, String> headers,
                                          String body) {
        APIGatewayProxyRequestEvent event = read("events/v1.json", APIGatewayProxyRequestEvent.class);
        event.setHttpMethod(method);
        event.getRequestContext().setHttpMethod(method);
        event.setPath(path);
        Map<String, List<String>> query = parse(rawQuery);
        if (!query.isEmpty()) {
            event.setMultiValueQueryStringParameters(query);
            Map<String, String> last = new LinkedHashMap<>();
            query.forEach((name, values) -> last.put(name, values.get(values.size() - 1)));
            event.setQueryStringParameters(last);
        }
        Map<String, String> single = new LinkedHashMap<>(event.getHeaders());
        Map<String, List<String>> multi = new LinkedHashMap<>(event.getMultiValueHeaders());
        headers.forEach((name, value) -> {
            single.put(name, value);
            multi.put(name, List.of(value));
        });
        event.setHeaders(single);
        event.setMultiValueHeaders(multi);
        event.setBody(body);
        return event;
    }

    static APIGatewayV2HTTPEvent v2(String method, String path, String rawQuery, Map<String, String> headers,
                                    String body) {
        APIGatewayV2HTTPEvent event = read("events/v2.json", APIGatewayV2HTTPEvent.class);
        event.getRequestContext().getHttp().setMethod(method);
        event.getRequestContext().getHttp().setPath(path);
        event.setRawPath(path);
        event.setRawQueryString(rawQuery == null ? "" : rawQuery);
        Map<String, List<String>> query = parse(rawQuery);
        if (!query.isEmpty()) {
            Map<String, String> joined = new LinkedHashMap<>();
            query.forEach((name, values) -> joined.put(name, String.join(",", values)));
            event.setQueryStringParameters(joined);
        }
        Map<String, String> all = new LinkedHashMap<>(event.getHeaders());
        headers.forEach((name, value) -> all.put(name.toLowerCase(java.util.Locale.ROOT), value));
        event.setHeaders(all);
        event.setBody(body);
        return event;
    }

    private static Map<String, List<String>> parse(String rawQuery) {
        Map<String, List<String>> query = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return query;
        }
        for (String pair : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            query.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return query;
    }

    private static <T> T read(String resource, Class<T> type) {
        try (InputStream json = Events.class.getClassLoader().getResourceAsStream(resource)) {
            if (json == null) {
                throw new IllegalStateException("no " + resource);
            }
            return LambdaEventSerializers.serializerFor(type, Events.class.getClassLoader()).fromJson(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
