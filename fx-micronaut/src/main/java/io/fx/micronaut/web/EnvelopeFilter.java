package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

import java.util.Map;

/**
 * The outermost response filter under {@code fx.path-prefix}: an answer without {@code X-Request-Id}
 * gets one, and an error answer without a body (for example the 403 of Micronaut's CORS filter) gets
 * the envelope for its status. Answers the framework rendered pass through unchanged.
 */
@Internal
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class EnvelopeFilter implements Ordered {

    private final ApiPaths paths;
    private final ResponseWriter writer;

    EnvelopeFilter(ApiPaths paths, ResponseWriter writer) {
        this.paths = paths;
        this.writer = writer;
    }

    @ResponseFilter
    void complete(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (!paths.covers(request.getPath())) {
            return;
        }
        boolean identified = response.getHeaders().contains(RequestIds.HEADER);
        if (response.code() >= 400 && response.getBody().isEmpty() && !response.getHeaders().contains("Content-Length")) {
            ErrorCode code = StatusErrors.code(response.code());
            FxResponse envelope = new FxResponse(response.code(), ErrorEnvelope.of(StatusErrors.codeName(response.code()),
                StatusErrors.message(code, response.code()), null), Map.of());
            writer.fill(response, envelope, request.getMethod(),
                identified ? response.getHeaders().get(RequestIds.HEADER) : RequestIds.of(request));
        } else if (!identified) {
            response.header(RequestIds.HEADER, RequestIds.of(request));
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.before();
    }
}
