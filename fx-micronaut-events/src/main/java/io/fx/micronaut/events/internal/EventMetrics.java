package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.EventOutbox;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * Gauges per destination, when the application has a Micrometer {@link MeterRegistry}:
 * {@code fx.events.pending}, {@code fx.events.failed} (deliveries) and {@code fx.events.lag} (seconds since the
 * oldest pending event was written), tagged {@code destination}. Each reads the outbox when scraped; a database
 * that does not answer reads as NaN.
 */
@Internal
@Singleton
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class EventMetrics implements ApplicationEventListener<StartupEvent> {

    private final MeterRegistry registry;
    private final EventOutbox outbox;
    private final Destinations destinations;
    private final Set<String> watched = ConcurrentHashMap.newKeySet();

    EventMetrics(MeterRegistry registry, EventOutbox outbox, Destinations destinations) {
        this.registry = registry;
        this.outbox = outbox;
        this.destinations = destinations;
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        destinations.watch(this::register);
    }

    private void register(String destination) {
        if (!watched.add(destination)) {
            return;
        }
        gauge("fx.events.pending", "deliveries not yet made", destination, o -> o.pending(destination));
        gauge("fx.events.failed", "deliveries out of attempts", destination, o -> o.failed(destination));
        gauge("fx.events.lag", "seconds since the oldest pending event was written", destination,
            o -> o.lag(destination).map(lag -> lag.toMillis() / 1000.0).orElse(0.0));
    }

    private void gauge(String name, String description, String destination, ToDoubleFunction<EventOutbox> value) {
        Gauge.builder(name, outbox, o -> {
                try {
                    return value.applyAsDouble(o);
                } catch (RuntimeException e) {
                    return Double.NaN;
                }
            })
            .description(description)
            .tag("destination", destination)
            .register(registry);
    }
}
