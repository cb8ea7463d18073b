package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two instances on one database, both subscribed under the same durable name: each event is delivered once in
 * all, whichever instance's relay claims it. PostgreSQL only: an embedded database belongs to one process, whose
 * relay claims without writing (see the events README).
 */
@TestDatabase
class SharedOutboxTest {

    @Test
    void twoInstancesDeliverEachEventOnce() throws Exception {
        Assumptions.assumeTrue(Databases.isPostgres(), "several instances share a database server, not an embedded one");
        Map<String, Object> config = Databases.config("SharedOutboxTest", "fx.events.emit-models", "Parcel",
            "fx.events.poll-interval", "50ms", "fx.events.batch-size", "5");
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        try (ApplicationContext first = ApplicationContext.run(config, "test");
             ApplicationContext second = ApplicationContext.run(config, "test")) {
            for (ApplicationContext context : List.of(first, second)) {
                context.getBean(EventBus.class).subscribe(new Subscription("shared", List.of("parcel.created"), event -> {
                    deliveries.computeIfAbsent(event.getId(), id -> new AtomicInteger()).incrementAndGet();
                    Thread.sleep(5);
                }));
            }
            Models firstModels = first.getBean(Models.class);
            Models secondModels = second.getBean(Models.class);
            int events = 60;
            for (int i = 0; i < events; i++) {
                (i % 2 == 0 ? firstModels : secondModels).of("Parcel").create(Map.of("label", "shared-" + i));
            }
            EventRetryTest.waitUntil(() -> deliveries.size() == events, "every event delivered");
            Thread.sleep(500);
            assertEquals(events, deliveries.size());
            assertTrue(deliveries.values().stream().allMatch(count -> count.get() == 1),
                () -> "an event was delivered twice: " + deliveries);
        }
    }
}
