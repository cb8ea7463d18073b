package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.util.StringUtils;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.annotation.PreMatching;
import io.micronaut.http.server.cors.CorsFilter;

/**
 * Works around Micronaut 4.10.20 refusing a CORS preflight without {@code Access-Control-Request-Headers}
 * when {@code allowed-headers} is a list: its {@code CorsFilter} demands that header instead of reading
 * its absence as "no headers requested" (a browser sends none for a request with only safelisted
 * headers, such as a {@code DELETE} without a body). Running just before that filter, when CORS is
 * enabled, this one gives such a preflight the header with the value {@code ","}, which Micronaut reads
 * as the empty list that every configuration allows; the answer is otherwise unchanged (no
 * {@code Access-Control-Allow-Headers} for an empty list). Only preflights are touched.
 */
@Internal
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(property = CorsStartupCheck.ENABLED, value = StringUtils.TRUE)
final class CorsPreflightHeaders implements Ordered {

    /** What Micronaut's conversion reads as an empty list of names (an empty value is read as one empty name). */
    private static final String NO_HEADERS = ",";

    @PreMatching
    @RequestFilter
    @Nullable
    HttpRequest<?> completePreflight(HttpRequest<?> request) {
        HttpHeaders headers = request.getHeaders();
        if (request.getMethod() != HttpMethod.OPTIONS || !headers.contains(HttpHeaders.ORIGIN)
            || !headers.contains(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD)
            || headers.contains(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS)) {
            return null;
        }
        return request.mutate().header(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS, NO_HEADERS);
    }

    @Override
    public int getOrder() {
        return CorsFilter.CORS_FILTER_ORDER - 1;
    }
}
