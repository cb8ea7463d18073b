package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.core.annotation.Internal;
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

    long of(RouteTarget route) {
        for (BodySizeLimit limit : limits) {
            OptionalLong answer = limit.maxBodySize(route);
            if (answer.isPresent()) {
                return Math.max(0, answer.getAsLong());
            }
        }
        return fallback;
    }
}
