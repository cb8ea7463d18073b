package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.http.server.annotation.PreMatching;

import java.util.Map;

/**
 * The outermost response filter under {@code fx.path-prefix}: an answer without {@code X-Request-Id}
 * gets one, and an error answer without a body gets the envelope for its status. The 403 of
 * Micronaut's CORS filter gets the code of the check that refused ({@link CorsRefusals}). It runs twice:
 * after routing, and as a pre-matching filter, so that the answers of pre-matching filters (Micronaut's
 * CORS preflights) are completed too. Answers the framework rendered pass through unchanged.
 */
@Internal
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class EnvelopeFilter implements Ordered {

    private final ApiPaths paths;
    private final ResponseWriter writer;
    private final CorsRefusals cors;

    EnvelopeFilter(ApiPaths paths, ResponseWriter writer, CorsRefusals cors) {
        this.paths = paths;
        this.writer = writer;
        this.cors = cors;
    }

    /** Completes the answers of pre-matching filters (Micronaut's CORS preflights); others arrive completed. */
    @PreMatching
    @ResponseFilter
    void completePreMatching(HttpRequest<?> request, MutableHttpResponse<?> response) {
        complete(request, response);
    }

    @ResponseFilter
    void complete(HttpRequest<?> request, MutableHttpResponse<?> response) {
        if (!paths.covers(request.getPath())) {
            return;
        }
        boolean identified = response.getHeaders().contains(RequestIds.HEADER);
        if (response.code() >= 400 && response.getBody().isEmpty() && !response.getHeaders().contains("Content-Length")) {
            FxResponse envelope = new FxResponse(response.code(), envelope(request, response.code()), Map.of());
            writer.fill(response, envelope, request.getMethod(),
                identified ? response.getHeaders().get(RequestIds.HEADER) : RequestIds.of(request));
        } else if (!identified) {
            response.header(RequestIds.HEADER, RequestIds.of(request));
        }
    }

    private Map<String, Object> envelope(HttpRequest<?> request, int status) {
        if (status == HttpStatus.FORBIDDEN.getCode()) {
            CorsRefusal refusal = cors.diagnose(request).orElse(null);
            if (refusal != null) {
                return ErrorEnvelope.of(refusal.code().name(), refusal.message(), null);
            }
        }
        ErrorCode code = StatusErrors.code(status);
        return ErrorEnvelope.of(StatusErrors.codeName(status), StatusErrors.message(code, status), null);
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.before();
    }
}
