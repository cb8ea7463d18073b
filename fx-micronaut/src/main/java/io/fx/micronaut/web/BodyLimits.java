package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.OptionalLong;

/** The body limit of a route: the first {@link BodySizeLimit} bean that answers, else {@code fx.max-body-size}. */
@Internal
@Singleton
final class BodyLimits {

    private final List<BodySizeLimit> limits;
    private final long fallback;

    BodyLimits(List<BodySizeLimit> limits, FxConfiguration configuration) {
        this.limits = List.copyOf(limits);
        this.fallback = configuration.getMaxBodySize();
    }

    long of(RouteTarget route, HttpRequest<?> request) {
        MediaType type = contentType(request);
        for (BodySizeLimit limit : limits) {
            OptionalLong answer = limit.maxBodySize(route, type);
            if (answer.isPresent()) {
                return Math.max(0, answer.getAsLong());
            }
        }
        return fallback;
    }

    /** @return the request's parsed {@code Content-Type}, or null when it has none or it does not parse */
    private static MediaType contentType(HttpRequest<?> request) {
        String declared = request.getHeaders().get(HttpHeaders.CONTENT_TYPE);
        if (declared == null || declared.isBlank()) {
            return null;
        }
        if (declared.equalsIgnoreCase(MediaType.APPLICATION_JSON)) {
            return MediaType.APPLICATION_JSON_TYPE;
        }
        try {
            return MediaType.of(declared);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
