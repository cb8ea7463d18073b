package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import io.fx.micronaut.web.DefaultRawQueryString;
import io.fx.micronaut.web.RawQueryString;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.servlet.http.ServletHttpRequest;
import jakarta.inject.Singleton;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The raw query string of an API Gateway event, for the Deserialize step: a 2.0 (HTTP API) event's
 * {@code rawQueryString}, as the client sent it (its {@code queryStringParameters} comma-join a repeated parameter,
 * so {@code filter=a&filter=b} and {@code filter=a,b} could not be told apart); a 1.0 (REST API) event's
 * {@code multiValueQueryStringParameters}, which API Gateway has decoded, encoded again (the 1.0 payload keeps no
 * raw query). Any other request: its URI's, as the default.
 */
@Internal
@Singleton
@Replaces(DefaultRawQueryString.class)
final class ApiGatewayRawQueryString implements RawQueryString {

    @Override
    @NonNull
    public Optional<String> of(@NonNull HttpRequest<?> request) {
        Object event = request instanceof ServletHttpRequest<?, ?> servlet ? servlet.getNativeRequest() : null;
        if (event instanceof APIGatewayV2HTTPEvent v2) {
            return Optional.ofNullable(v2.getRawQueryString());
        }
        if (event instanceof APIGatewayProxyRequestEvent v1) {
            return encode(v1.getMultiValueQueryStringParameters(), v1.getQueryStringParameters());
        }
        return Optional.ofNullable(request.getUri().getRawQuery());
    }

    private static Optional<String> encode(Map<String, List<String>> multi, Map<String, String> single) {
        StringJoiner query = new StringJoiner("&");
        if (multi != null && !multi.isEmpty()) {
            multi.forEach((name, values) -> {
                for (String value : values == null ? List.<String>of() : values) {
                    query.add(pair(name, value));
                }
            });
        } else if (single != null) {
            single.forEach((name, value) -> query.add(pair(name, value)));
        }
        return query.length() == 0 ? Optional.empty() : Optional.of(query.toString());
    }

    private static String pair(String name, String value) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
            + URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
    }
}
