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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.fx.micronaut.testsuite.events.EventRetryTest.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pruning past {@code fx.events.retention}: an event every destination received goes with its delivery rows; an
 * event one destination failed stays (with that delivery), and is still delivered when the failed delivery is
 * retried. H2 and PostgreSQL.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "fx.events.emit-models", value = "Parcel")
@Property(name = "fx.events.poll-interval", value = "100ms")
@Property(name = "fx.events.initial-backoff", value = "20ms")
@Property(name = "fx.events.max-attempts", value = "1")
@Property(name = "fx.events.retention", value = "1ms")
@TestDatabase
class OutboxPruneTest {

    @Inject
    EventBus bus;
    @Inject
    EventOutbox outbox;
    @Inject
    Models models;

    @Test
    void aDeliveredEventIsPrunedAndAFailedOneKeptForItsRetry() throws Exception {
        AtomicBoolean broken = new AtomicBoolean(true);
        Received kept = new Received();
        Received stuck = new Received();
        try (AutoCloseable first = bus.subscribe(new Subscription("kept", List.of("parcel.*"), kept));
             AutoCloseable second = bus.subscribe(new Subscription("stuck", List.of("parcel.updated"), event -> {
                 if (broken.get()) {
                     throw new IllegalStateException("the handler is down");
                 }
                 stuck.handle(event);
             }))) {
            String id = (String) models.of("Parcel").create(Map.of("label", "pruned")).get("id");
            models.of("Parcel").update(id, Map.of("label", "kept for the retry"));
            kept.await(2);
            waitUntil(() -> outbox.failed("stuck") == 1, "the update's delivery to stuck failed");
            String subject = "parcels/" + id;
            assertEquals(2, count("SELECT COUNT(*) FROM fx_event_outbox WHERE subject = ?", subject));
            Thread.sleep(5);

            assertTrue(outbox.prune() >= 1, "the created event went");
            assertEquals(1, count("SELECT COUNT(*) FROM fx_event_outbox WHERE subject = ?", subject),
                "the updated event stays while a delivery of it failed");
            assertEquals(1, count("SELECT COUNT(*) FROM fx_event_delivery WHERE subject = ?", subject),
                "only the failed delivery row stays");
            assertEquals(0, count("SELECT COUNT(*) FROM fx_event_delivery WHERE subject = ? AND state = 'delivered'",
                subject));

            broken.set(false);
            assertEquals(1, outbox.retryFailed("stuck"));
            assertEquals("parcel.updated", stuck.await(1).get(0).getType());
            waitUntil(() -> outbox.pending("stuck") == 0, "delivered after the retry");
            assertTrue(outbox.prune() >= 1);
            assertEquals(0, count("SELECT COUNT(*) FROM fx_event_outbox WHERE subject = ?", subject), "all gone");
            assertEquals(0, count("SELECT COUNT(*) FROM fx_event_delivery WHERE subject = ?", subject));
        }
    }

    private static long count(String query, String subject) throws SQLException {
        try (Connection connection = Databases.connect("OutboxPruneTest");
             PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setString(1, subject);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }
}
