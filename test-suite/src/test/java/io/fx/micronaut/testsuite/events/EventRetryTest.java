package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** A delivery that keeps failing: retried with backoff, marked failed after max-attempts, retried on request. */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "EventRetryTest")
@Property(name = "fx.events.emit-models", value = "Parcel")
@Property(name = "fx.events.poll-interval", value = "100ms")
@Property(name = "fx.events.initial-backoff", value = "20ms")
@Property(name = "fx.events.max-backoff", value = "40ms")
@Property(name = "fx.events.max-attempts", value = "3")
@TestDatabase
class EventRetryTest {

    @Inject
    EventBus bus;
    @Inject
    EventOutbox outbox;
    @Inject
    Models models;
    @Inject
    MeterRegistry meters;
    @Inject
    Transactions transactions;

    /** The application's Micrometer registry. */
    @Factory
    @Requires(property = "spec.name", value = "EventRetryTest")
    static class Meters {
        @Singleton
        MeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }

    private double gauge(String name, String destination) {
        return meters.get(name).tag("destination", destination).gauge().value();
    }

    @Test
    void exhaustedDeliveriesAreMarkedFailedAndCanBeRetried() throws Exception {
        AtomicBoolean broken = new AtomicBoolean(true);
        AtomicInteger attempts = new AtomicInteger();
        Received received = new Received();
        try (AutoCloseable ignored = bus.subscribe(new Subscription("flaky", List.of("parcel.created"), event -> {
            attempts.incrementAndGet();
            if (broken.get()) {
                throw new IllegalStateException("the handler is down");
            }
            received.handle(event);
        }))) {
            models.of("Parcel").create(Map.of("label", "retried"));
            waitUntil(() -> outbox.failed("flaky") == 1, "the delivery is marked failed");
            assertEquals(3, attempts.get(), "max-attempts attempts, then no more");
            assertEquals(0, outbox.pending("flaky"));
            assertTrue(outbox.lag("flaky").isEmpty());
            assertEquals(1.0, gauge("fx.events.failed", "flaky"));
            assertEquals(0.0, gauge("fx.events.pending", "flaky"));
            assertEquals(0.0, gauge("fx.events.lag", "flaky"));
            Thread.sleep(300);
            assertEquals(3, attempts.get(), "a failed delivery is not attempted again by itself");

            broken.set(false);
            assertEquals(1, outbox.retryFailed("flaky"));
            assertEquals("parcel.created", received.await(1).get(0).getType());
            waitUntil(() -> outbox.failed("flaky") == 0 && outbox.pending("flaky") == 0, "delivered");
            assertEquals(0, outbox.retryFailed("flaky"));
            received.assertNothingWithin(Duration.ofMillis(300));
        }
    }

    @Test
    void aRetryInsideATransactionTakesEffectWhenItCommits() throws Exception {
        AtomicBoolean broken = new AtomicBoolean(true);
        Received received = new Received();
        try (AutoCloseable ignored = bus.subscribe(new Subscription("retried-in-tx", List.of("parcel.created"), event -> {
            if (broken.get()) {
                throw new IllegalStateException("the handler is down");
            }
            received.handle(event);
        }))) {
            models.of("Parcel").create(Map.of("label", "retried in a transaction"));
            waitUntil(() -> outbox.failed("retried-in-tx") == 1, "the delivery is marked failed");
            broken.set(false);
            int retried = transactions.inTransaction(() -> {
                int count = outbox.retryFailed("retried-in-tx");
                try {
                    Thread.sleep(300); // the relay's passes meanwhile see nothing to send yet
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return count;
            });
            assertEquals(1, retried);
            // found when the transaction commits, not at the relay's next full look a minute later
            assertEquals("parcel.created", received.await(1).get(0).getType());
        }
    }

    @Test
    void aDeliveryWhoseEventRowWasDeletedIsMarkedFailed() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        try (AutoCloseable ignored = bus.subscribe(new Subscription("orphaned", List.of("parcel.created"), event -> {
            if (attempts.incrementAndGet() == 1) {
                // an operator's DELETE on the outbox while the delivery waits for its retry
                try (Connection connection = Databases.connect("EventRetryTest");
                     PreparedStatement delete = connection.prepareStatement("DELETE FROM fx_event_outbox WHERE id = ?")) {
                    delete.setString(1, event.getId());
                    assertEquals(1, delete.executeUpdate());
                }
                throw new IllegalStateException("the handler is down");
            }
        }))) {
            models.of("Parcel").create(Map.of("label", "orphaned"));
            waitUntil(() -> outbox.failed("orphaned") == 1, "the delivery without its event is marked failed");
            assertEquals(0, outbox.pending("orphaned"));
            Thread.sleep(300);
            assertEquals(1, attempts.get(), "nothing to send without the event's row");
        }
    }

    @Test
    void aPendingDeliveryShowsItsLag() throws Exception {
        models.of("Parcel").create(Map.of("label", "before the subscription: no delivery for it"));
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Received received = new Received();
        try (AutoCloseable ignored = bus.subscribe(new Subscription("slow", List.of("parcel.created"), event -> {
            release.await(10, java.util.concurrent.TimeUnit.SECONDS);
            received.handle(event);
        }))) {
            models.of("Parcel").create(Map.of("label", "lagging"));
            waitUntil(() -> outbox.pending("slow") == 1, "one delivery for the new subscription");
            Thread.sleep(100);
            assertTrue(outbox.lag("slow").orElseThrow().toMillis() >= 100, "the pending event's age");
            assertTrue(gauge("fx.events.lag", "slow") >= 0.1);
            assertEquals(1.0, gauge("fx.events.pending", "slow"));
            release.countDown();
            assertEquals("parcel.created", received.await(1).get(0).getType());
            waitUntil(() -> outbox.pending("slow") == 0, "delivered");
            received.assertNothingWithin(Duration.ofMillis(300));
        }
    }

    static void waitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 15_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                fail("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }
}
