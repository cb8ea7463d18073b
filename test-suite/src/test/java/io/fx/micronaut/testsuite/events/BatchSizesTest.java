package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fx.events.batch-sizes.<destination>} sets one destination's batch: the relay hands it that many deliveries
 * per pass, while the others keep {@code fx.events.batch-size}. Seen through two subscriptions to the same events on
 * the subscriber executor (four threads), which runs a batch's deliveries side by side: twelve events committed
 * together reach the one with a batch of 1 one at a time, and the other several at once.
 */
@TestDatabase
class BatchSizesTest {

    private static final int EVENTS = 12;

    @Test
    void aDestinationsOwnBatchSizeBoundsWhatItIsHandedAtOnce() throws Exception {
        Map<String, Object> config = Databases.config("BatchSizesTest", "fx.events.emit-models", "Parcel",
            "fx.events.batch-sizes.narrow", "1");
        try (ApplicationContext context = ApplicationContext.run(config, "test")) {
            Concurrency narrow = new Concurrency();
            Concurrency wide = new Concurrency();
            EventBus bus = context.getBean(EventBus.class);
            bus.subscribe(new Subscription("narrow", List.of("parcel.created"), event -> narrow.handle(event.getId())));
            bus.subscribe(new Subscription("wide", List.of("parcel.created"), event -> wide.handle(event.getId())));
            Models models = context.getBean(Models.class);
            context.getBean(Transactions.class).inTransaction(() -> {
                for (int i = 0; i < EVENTS; i++) {
                    models.of("Parcel").create(Map.of("label", "batch-" + i));
                }
                return null;
            });
            EventRetryTest.waitUntil(() -> narrow.delivered.size() == EVENTS && wide.delivered.size() == EVENTS,
                "every event delivered to both");
            assertEquals(1, narrow.most.get(), "fx.events.batch-sizes.narrow: 1 hands it one delivery at a time");
            assertTrue(wide.most.get() > 1, "the other destination takes the default batch: " + wide.most.get());
        }
    }

    /** Counts a handler's deliveries and the most it ran at once. */
    private static final class Concurrency {

        final Set<String> delivered = ConcurrentHashMap.newKeySet();
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();

        void handle(String id) throws InterruptedException {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(50);
                delivered.add(id);
            } finally {
                running.decrementAndGet();
            }
        }
    }
}
