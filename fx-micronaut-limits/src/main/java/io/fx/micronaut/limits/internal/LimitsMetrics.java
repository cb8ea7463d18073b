package io.fx.micronaut.limits.internal;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;

/**
 * Counts, when the application has a Micrometer {@link MeterRegistry}: {@code fx.rate-limit.backend.errors}, the
 * rate limit backend operations that failed (the requests were let through or refused as
 * {@code fx.rate-limit.on-backend-error} says).
 */
@Internal
@Context
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class LimitsMetrics {

    LimitsMetrics(MeterRegistry registry, RateLimits rateLimits) {
        FunctionCounter.builder("fx.rate-limit.backend.errors", rateLimits, RateLimits::backendErrors)
            .description("rate limit backend operations that failed")
            .register(registry);
    }
}
