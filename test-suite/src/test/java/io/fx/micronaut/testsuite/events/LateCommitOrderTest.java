package io.fx.micronaut.testsuite.events;

import io.cloudevents.CloudEvent;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.fx.micronaut.testsuite.events.EventRetryTest.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A transaction that writes an event and commits after later events were delivered: its event is still delivered,
 * and before the next event of the same record. On PostgreSQL the relay claims from a floor (the first pending
 * delivery, so that old index entries of delivered rows are not stepped over); the floor must not pass an event
 * whose transaction is still open. H2 runs write transactions one at a time, so there no later write commits while
 * one is open and the case does not arise.
 */
@TestDatabase
class LateCommitOrderTest {

    @Test
    void anEventCommittedAfterLaterOnesStillPrecedesTheNextEventOfItsRecord() throws Exception {
        Assumptions.assumeTrue(Databases.isPostgres(), "H2 runs write transactions one at a time");
        Map<String, Object> config = Databases.config("LateCommitOrderTest", "fx.events.emit-models", "Parcel",
            "fx.events.poll-interval", "50ms", "fx.events.wake-delay", "5ms", "fx.events.batch-size", "5");
        List<CloudEvent> received = new CopyOnWriteArrayList<>();
        try (ApplicationContext context = ApplicationContext.run(config, "test")) {
            context.getBean(EventBus.class).subscribe(new Subscription("late", List.of("parcel.*"), received::add));
            Models models = context.getBean(Models.class);
            Transactions transactions = context.getBean(Transactions.class);
            String id = String.valueOf(models.of("Parcel").create(Map.of("label", "late-0")).get("id"));
            waitUntil(() -> received.size() == 1, "the create delivered");

            // a transaction writes the record's first update and stays open
            CountDownLatch written = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<Void> open = CompletableFuture.runAsync(() -> transactions.inTransaction(() -> {
                models.of("Parcel").update(id, Map.of("label", "late-1"));
                written.countDown();
                try {
                    assertTrue(release.await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                return null;
            }));
            assertTrue(written.await(15, TimeUnit.SECONDS), "the open transaction wrote its update");

            // meanwhile later events are written, committed and delivered: passes run past the open one's event
            for (int i = 0; i < 30; i++) {
                models.of("Parcel").create(Map.of("label", "other-" + i));
            }
            waitUntil(() -> received.size() == 31, "the later events delivered");

            release.countDown();
            open.get(15, TimeUnit.SECONDS);
            models.of("Parcel").update(id, Map.of("label", "late-2"));
            waitUntil(() -> received.size() == 33, "both updates delivered");

            List<Object> updates = received.stream().filter(event -> event.getType().equals("parcel.updated"))
                .map(event -> event.getExtension("recordid")).toList();
            assertEquals(List.of(id, id), updates);
            List<String> labels = received.stream().filter(event -> event.getType().equals("parcel.updated"))
                .map(event -> new String(event.getData().toBytes())).toList();
            assertTrue(labels.get(0).contains("late-1") && labels.get(1).contains("late-2"),
                () -> "the record's updates arrived out of order: " + labels);
        }
    }
}
