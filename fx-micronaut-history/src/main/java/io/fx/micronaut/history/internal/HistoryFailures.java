package io.fx.micronaut.history.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Counts failed history writes as {@code fx.history.failures{model}}, when the application has a Micrometer
 * {@link MeterRegistry}; the recorder works without it.
 */
@Singleton
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class HistoryFailures {

    private final MeterRegistry registry;

    HistoryFailures(MeterRegistry registry) {
        this.registry = registry;
    }

    void failed(String model) {
        Counter.builder("fx.history.failures").description("history rows that could not be written")
            .tag("model", model).register(registry).increment();
    }
}
