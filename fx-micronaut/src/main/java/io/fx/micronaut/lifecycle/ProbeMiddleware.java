package io.fx.micronaut.lifecycle;

import io.fx.micronaut.config.Probe;

import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

import java.util.Set;
import java.util.function.Supplier;

/**
 * Middleware around the probes, as a bean. Beans whose {@link #probes()} is empty wrap all three
 * probes and run first (in {@code @Order} order); the others wrap only the probes they name, after
 * the shared ones. Return {@code next.get()} to continue, or a response of your own to stop.
 *
 * @since 0.1.0
 */
public interface ProbeMiddleware {

    /** @return the probes wrapped; empty for all three */
    @NonNull
    default Set<Probe> probes() {
        return Set.of();
    }

    /**
     * @param probe   the probe being served
     * @param request the HTTP request
     * @param next    serves the rest of the chain and the probe itself
     * @return the response
     */
    @NonNull
    FxResponse handle(@NonNull Probe probe, @NonNull HttpRequest<?> request, @NonNull Supplier<FxResponse> next);
}
