package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.scheduled.ModelSweep;
import io.fx.micronaut.scheduled.ScheduledTransition;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The runner's meters, with a Micrometer {@link MeterRegistry}: counters {@code fx.scheduled.transitions}
 * {model, action, field}, {@code fx.scheduled.skipped}, {@code fx.scheduled.errors} and
 * {@code fx.scheduled.truncated} {model}, {@code fx.scheduled.ticks} {outcome: swept, locked, failed}, and the timer
 * {@code fx.scheduled.sweep}. The runner works without them.
 */
@Internal
@Singleton
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class ScheduledMeters {

    private final MeterRegistry registry;

    ScheduledMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void transition(ScheduledTransition transition) {
        registry.counter("fx.scheduled.transitions", "model", transition.model(),
            "action", transition.action().name().toLowerCase(Locale.ROOT), "field", transition.field()).increment();
    }

    void model(String model, ModelSweep sweep) {
        if (sweep.skipped() > 0) {
            registry.counter("fx.scheduled.skipped", "model", model).increment(sweep.skipped());
        }
        if (sweep.errors() > 0) {
            registry.counter("fx.scheduled.errors", "model", model).increment(sweep.errors());
        }
        if (sweep.truncated()) {
            registry.counter("fx.scheduled.truncated", "model", model).increment();
        }
    }

    void tick(String outcome) {
        registry.counter("fx.scheduled.ticks", "outcome", outcome).increment();
    }

    void sweepTook(long nanos) {
        registry.timer("fx.scheduled.sweep").record(nanos, TimeUnit.NANOSECONDS);
    }
}
