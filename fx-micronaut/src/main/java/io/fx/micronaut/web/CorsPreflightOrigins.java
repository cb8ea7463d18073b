package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.util.StringUtils;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.annotation.PreMatching;
import io.micronaut.http.server.cors.CorsFilter;

/**
 * Refuses a CORS preflight whose origin no configuration admits (403, rendered
 * {@code CORS_ORIGIN_DENIED} by {@link EnvelopeFilter}), when CORS is enabled. Micronaut's
 * {@code CorsFilter} refuses it only on a localhost server and otherwise routes it to the path's own
 * {@code OPTIONS} answer, without CORS headers; browsers never preflight same-origin requests, so no
 * legitimate caller is refused. Simple requests are left to Micronaut (a browser sends {@code Origin}
 * on same-origin writes too).
 */
@Internal
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(property = CorsStartupCheck.ENABLED, value = StringUtils.TRUE)
final class CorsPreflightOrigins implements Ordered {

    private final CorsRefusals cors;

    CorsPreflightOrigins(CorsRefusals cors) {
        this.cors = cors;
    }

    @PreMatching
    @RequestFilter
    @Nullable
    HttpResponse<?> refuseUnknownOrigin(HttpRequest<?> request) {
        if (!CorsRefusals.isPreflight(request)) {
            return null;
        }
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        return cors.unknownOrigin(request, origin) ? HttpResponse.status(HttpStatus.FORBIDDEN) : null;
    }

    @Override
    public int getOrder() {
        return CorsFilter.CORS_FILTER_ORDER - 2;
    }
}
