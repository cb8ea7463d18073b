package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditStatistics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;

import java.util.function.ToDoubleFunction;

/**
 * Counters of the audit, when the application has a Micrometer {@link MeterRegistry}: {@code fx.audit.delivered},
 * {@code fx.audit.dropped}, {@code fx.audit.failed} and {@code fx.audit.timed-out}, tagged {@code kind}
 * ({@code write}, {@code read}), read from {@link AuditStatistics} when scraped.
 */
@Internal
@Context
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class AuditMetrics {

    AuditMetrics(MeterRegistry registry, AuditStatistics statistics) {
        for (AuditKind kind : AuditKind.values()) {
            counter(registry, statistics, "fx.audit.delivered", "records a sink took", kind,
                s -> s.delivered(kind));
            counter(registry, statistics, "fx.audit.dropped", "records dropped at a full queue", kind,
                s -> s.dropped(kind));
            counter(registry, statistics, "fx.audit.failed", "sink calls that threw", kind, s -> s.failed(kind));
            counter(registry, statistics, "fx.audit.timed-out", "sink calls past fx.audit.timeout", kind,
                s -> s.timedOut(kind));
        }
    }

    private static void counter(MeterRegistry registry, AuditStatistics statistics, String name, String description,
                                AuditKind kind, ToDoubleFunction<AuditStatistics> value) {
        FunctionCounter.builder(name, statistics, value).description(description).tag("kind", kind.label())
            .register(registry);
    }
}
