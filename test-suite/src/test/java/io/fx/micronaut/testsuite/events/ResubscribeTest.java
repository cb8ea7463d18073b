package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscription closed while the relay delivers to it: the pass stops, its other deliveries wait with their
 * attempts untouched, and a subscription of the same name later receives them.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "fx.events.emit-models", value = "Parcel")
@Property(name = "fx.events.poll-interval", value = "100ms")
@Property(name = "fx.events.batch-sizes.durable", value = "1")
@TestDatabase
class ResubscribeTest {

    @Inject
    EventBus bus;
    @Inject
    EventOutbox outbox;
    @Inject
    Models models;

    @Test
    void closingASubscriptionDuringAPassLeavesItsDeliveriesWaiting() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AutoCloseable first = bus.subscribe(new Subscription("durable", List.of("parcel.created"), event -> {
            entered.countDown();
            release.await(10, TimeUnit.SECONDS);
        }));
        models.of("Parcel").create(Map.of("label", "delivered before the close"));
        assertTrue(entered.await(10, TimeUnit.SECONDS), "the first delivery is under way");
        models.of("Parcel").create(Map.of("label", "waits 1"));
        models.of("Parcel").create(Map.of("label", "waits 2"));
        first.close();
        release.countDown();
        EventRetryTest.waitUntil(() -> outbox.pending("durable") == 2, "the first one delivered");
        Thread.sleep(300);
        assertEquals(List.of(0, 0), attempts("durable"), "no attempt spent on a subscription that is gone");
        assertEquals(0, outbox.failed("durable"));

        Received received = new Received();
        try (AutoCloseable again = bus.subscribe(new Subscription("durable", List.of("parcel.created"), received))) {
            assertEquals(2, received.await(2).size());
            EventRetryTest.waitUntil(() -> outbox.pending("durable") == 0, "both delivered");
        }
    }

    private static List<Integer> attempts(String destination) throws SQLException {
        List<Integer> attempts = new ArrayList<>();
        try (Connection connection = Databases.connect("ResubscribeTest");
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT attempts FROM fx_event_delivery WHERE destination = '"
                 + destination + "' AND state = 'pending' ORDER BY seq")) {
            while (rows.next()) {
                attempts.add(rows.getInt(1));
            }
        }
        return attempts;
    }
}
