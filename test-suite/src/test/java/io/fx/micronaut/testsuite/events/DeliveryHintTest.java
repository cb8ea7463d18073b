package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventDeliveryException;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A destination steering the relay with the public API alone, as any destination may: a schedule of its own
 * (which overrides {@code fx.events.max-attempts}), a permanent failure (no retry), a {@code retryAfter} hint
 * (replacing the scheduled delay); a destination without a schedule keeps the relay's backoff.
 */
@TestDatabase
class DeliveryHintTest {

    @Test
    void aDestinationsScheduleAndHintsSteerTheRetries() throws Exception {
        try (ApplicationContext context = ApplicationContext.run(Databases.config("DeliveryHintTest",
            "fx.events.poll-interval", "50ms", "fx.events.max-attempts", "10", "fx.events.initial-backoff", "20ms",
            "fx.events.max-backoff", "20ms"), "test")) {
            Scripted destination = context.getBean(Scripted.class);
            EventBus bus = context.getBean(EventBus.class);
            EventOutbox outbox = context.getBean(EventOutbox.class);

            bus.publish("hint.scheduled", "hints/1", Map.of());
            EventRetryTest.waitUntil(() -> outbox.failed("scripted") == 1, "failed once the schedule is spent");
            assertEquals(3, destination.attempts("hint.scheduled").size(), "two delays: three attempts, not ten");

            bus.publish("hint.permanent", "hints/2", Map.of());
            EventRetryTest.waitUntil(() -> outbox.failed("scripted") == 2, "failed at once");
            Thread.sleep(300);
            assertEquals(1, destination.attempts("hint.permanent").size(), "never retried");

            bus.publish("hint.later", "hints/3", Map.of());
            EventRetryTest.waitUntil(() -> outbox.pending("scripted") == 0 && destination.attempts("hint.later")
                .size() == 2, "delivered at the second attempt");
            List<Long> times = destination.attempts("hint.later");
            assertTrue(times.get(1) - times.get(0) >= 700, "retryAfter 700 ms, not the schedule's 30 ms: "
                + (times.get(1) - times.get(0)));
            assertEquals(2, outbox.failed("scripted"));
        }
    }

    /** Fails as each event type asks: a plain failure, a permanent one, a retry after 700 ms (then succeeds). */
    @Singleton
    @Requires(property = "spec.name", value = "DeliveryHintTest")
    static final class Scripted implements EventDestination {

        private final List<String[]> seen = new CopyOnWriteArrayList<>();

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public List<String> patterns() {
            return List.of("hint.*");
        }

        @Override
        public Optional<List<Duration>> retrySchedule() {
            return Optional.of(List.of(Duration.ofMillis(30), Duration.ofMillis(30)));
        }

        @Override
        public CompletionStage<Void> deliver(EventMessage event) {
            seen.add(new String[]{event.type(), Long.toString(System.nanoTime() / 1_000_000)});
            return switch (event.type()) {
                case "hint.scheduled" -> CompletableFuture.failedFuture(new IllegalStateException("down"));
                case "hint.permanent" -> CompletableFuture.failedFuture(EventDeliveryException.permanent("refused"));
                default -> attempts(event.type()).size() == 1
                    ? CompletableFuture.failedFuture(EventDeliveryException.retryAfter("busy", Duration.ofMillis(700)))
                    : CompletableFuture.completedFuture(null);
            };
        }

        List<Long> attempts(String type) {
            return seen.stream().filter(s -> s[0].equals(type)).map(s -> Long.parseLong(s[1])).toList();
        }
    }
}
