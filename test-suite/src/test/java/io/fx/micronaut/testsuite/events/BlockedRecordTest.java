package io.fx.micronaut.testsuite.events;

import io.cloudevents.CloudEvent;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One record's events queued behind its retrying first one fill more than a claim's batch (2 here): the other
 * records' events are still delivered meanwhile, and the queued record's events arrive in order once its first
 * one goes through.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "BlockedRecordTest")
@Property(name = "fx.events.emit-models", value = "Parcel")
@Property(name = "fx.events.poll-interval", value = "100ms")
@Property(name = "fx.events.initial-backoff", value = "6s")
@Property(name = "fx.events.max-backoff", value = "6s")
@Property(name = "fx.events.batch-sizes.queued", value = "2")
@TestDatabase
class BlockedRecordTest {

    @Inject
    EventBus bus;
    @Inject
    EventOutbox outbox;
    @Inject
    Models models;

    @Test
    void oneRecordsQueueDoesNotHoldBackTheOthers() throws Exception {
        AtomicBoolean failFirst = new AtomicBoolean(true);
        AtomicInteger attempts = new AtomicInteger();
        Received received = new Received();
        try (AutoCloseable ignored = bus.subscribe(new Subscription("queued", List.of("parcel.*"), event -> {
            attempts.incrementAndGet();
            if (failFirst.compareAndSet(true, false)) {
                throw new IllegalStateException("the first attempt fails: the event waits 3 to 6 s for its retry");
            }
            received.handle(event);
        }))) {
            String busy = (String) models.of("Parcel").create(Map.of("label", "busy")).get("id");
            EventRetryTest.waitUntil(() -> attempts.get() == 1, "the busy parcel's first attempt");
            for (int weight = 1; weight <= 5; weight++) {
                models.of("Parcel").update(busy, Map.of("weight", weight));
            }
            String other = (String) models.of("Parcel").create(Map.of("label", "other")).get("id");

            // five due events of the busy parcel, two per claim, all waiting: the other parcel's comes through
            CloudEvent first = received.await(1).get(0);
            assertEquals("parcel.created", first.getType());
            assertEquals("parcels/" + other, first.getSubject(), "the other parcel's event, before the retry");
            EventRetryTest.waitUntil(() -> outbox.pending("queued") == 6, "the busy parcel's six events still wait");

            List<CloudEvent> busyEvents = received.await(6);
            assertEquals("parcel.created", busyEvents.get(0).getType());
            for (int weight = 1; weight <= 5; weight++) {
                CloudEvent update = busyEvents.get(weight);
                assertEquals("parcels/" + busy, update.getSubject());
                assertEquals("parcel.updated", update.getType());
                String data = new String(update.getData().toBytes(), StandardCharsets.UTF_8);
                assertTrue(data.contains("\"weight\":" + weight), "in commit order: " + data);
            }
        }
    }
}
