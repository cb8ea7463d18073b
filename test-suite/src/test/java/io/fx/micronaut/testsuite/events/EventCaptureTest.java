package io.fx.micronaut.testsuite.events;

import io.cloudevents.CloudEvent;
import io.cloudevents.SpecVersion;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.RawSql;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a committed write emits and what emits nothing: one event per write (HTTP, accessor, custom, cascade and
 * setNull rows), the CloudEvent's attributes, redaction in the event and in the outbox row, and none for a write
 * that rolls back, a request refused before the DB step, or raw SQL.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "EventCaptureTest")
@Property(name = "fx.events.emit-models", value = "Parcel,ParcelTag,ParcelNote")
@Property(name = "fx.events.poll-interval", value = "200ms")
@Property(name = "fx.events.initial-backoff", value = "20ms")
@TestDatabase
class EventCaptureTest {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Inject
    Api api;
    @Inject
    EventBus bus;
    @Inject
    Models models;
    @Inject
    RawSql sql;
    @Inject
    JsonMapper json;

    private final List<AutoCloseable> subscriptions = new ArrayList<>();

    private Received subscribe(String... patterns) {
        Received received = new Received();
        subscriptions.add(bus.subscribe(new Subscription("t-" + UUID.randomUUID(), List.of(patterns), received)));
        return received;
    }

    @AfterEach
    void unsubscribe() throws Exception {
        for (AutoCloseable subscription : subscriptions) {
            subscription.close();
        }
    }

    @Test
    void eachCommittedWriteEmitsOneCloudEvent() throws Exception {
        Received received = subscribe("*");
        Api.Reply created = api.with(Map.of("traceparent", TRACEPARENT)).post("/api/parcels",
            Map.of("label", "a", "secret", "s3cret", "pin", "4321", "weight", 3));
        assertEquals(201, created.status(), created.text());
        String id = (String) created.data().get("id");
        assertEquals("4321", created.data().get("pin"), "a read still returns a redacted field");
        assertEquals(200, api.with(Map.of("traceparent", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"))
            .patch("/api/parcels/" + id, Map.of("weight", 4)).status());
        assertEquals(204, api.delete("/api/parcels/" + id).status());

        List<CloudEvent> events = received.await(3);
        assertEquals(List.of("parcel.created", "parcel.updated", "parcel.deleted"), Received.types(events));
        CloudEvent create = events.get(0);
        assertEquals(SpecVersion.V1, create.getSpecVersion());
        assertEquals("/fx-suite", create.getSource().toString());
        assertEquals("parcels/" + id, create.getSubject());
        assertEquals("application/json", create.getDataContentType());
        assertNotNull(create.getTime());
        assertTrue(Duration.between(create.getTime().toInstant(), Instant.now()).abs().toMinutes() < 1);
        assertEquals("Parcel", create.getExtension("model"));
        assertEquals("create", create.getExtension("operation"));
        assertEquals(id, create.getExtension("recordid"));
        assertNotNull(create.getExtension("requestid"));
        assertEquals(TRACEPARENT, create.getExtension("traceparent"));
        assertNull(create.getExtension("actorid"), "anonymous callers have no actor");
        assertNull(create.getExtension("tenantid"));
        assertNull(events.get(1).getExtension("traceparent"), "an all-zero trace id is not a valid traceparent");
        assertEquals("update", events.get(1).getExtension("operation"));
        assertEquals("delete", events.get(2).getExtension("operation"));
        assertEquals(3, events.stream().map(CloudEvent::getId).distinct().count());

        Map<String, Object> data = Received.data(json, create);
        assertEquals("a", data.get("label"));
        assertEquals(3, ((Number) data.get("weight")).intValue());
        assertEquals(id, data.get("id"));
        assertFalse(data.containsKey("secret"), "a write-only field is redacted");
        assertFalse(data.containsKey("pin"), "a field marked redacted is left out");
        assertEquals(4, ((Number) Received.data(json, events.get(1)).get("weight")).intValue());
        assertEquals(4, ((Number) Received.data(json, events.get(2)).get("weight")).intValue(),
            "a delete's data is the record before it");
        received.assertNothingWithin(Duration.ofMillis(300));
    }

    @Test
    void theOutboxRowHoldsNoRedactedValue() throws Exception {
        Received received = subscribe("parcel.created");
        String id = api.create("/api/parcels", Map.of("label", "outbox-row", "secret", "outbox-s3cret", "pin", "pin-xyzzy"));
        received.await(1);
        try (Connection connection = Databases.connect("EventCaptureTest");
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT payload FROM fx_event_outbox WHERE subject = 'parcels/"
                 + id + "'")) {
            assertTrue(rows.next(), "the event's outbox row");
            String payload = rows.getString(1);
            assertTrue(payload.contains("outbox-row"), payload);
            assertFalse(payload.contains("outbox-s3cret"), payload);
            assertFalse(payload.contains("pin-xyzzy"), payload);
        }
    }

    @Test
    void accessorWritesAndCustomEventsEmit() throws Exception {
        Received received = subscribe("parcel.*");
        String id = (String) models.of("Parcel").create(Map.of("label", "background")).get("id");
        CloudEvent published = bus.publish("parcel.shipped", "parcels/" + id, Map.of("carrier", "post"));
        List<CloudEvent> events = received.await(2);
        assertEquals(List.of("parcel.created", "parcel.shipped"), Received.types(events));
        assertNull(events.get(0).getExtension("actorid"), "system work has no actor");
        assertEquals(published.getId(), events.get(1).getId());
        assertEquals("post", Received.data(json, events.get(1)).get("carrier"));
        assertEquals(id, events.get(0).getExtension("recordid"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> bus.publish("Parcel Shipped", "parcels/" + id, null));
        assertTrue(bad.getMessage().contains("'Parcel Shipped'"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> bus.publish("shipped", "parcels/" + id, null));
    }

    @Test
    void cascadeAndSetNullRowsEmit() throws Exception {
        String parcel = api.create("/api/parcels", Map.of("label", "parent"));
        String tag1 = api.create("/api/parcel_tags", Map.of("parcel_id", parcel, "name", "one"));
        String tag2 = api.create("/api/parcel_tags", Map.of("parcel_id", parcel, "name", "two"));
        String note = api.create("/api/parcel_notes", Map.of("parcel_id", parcel, "text", "n"));
        Received received = subscribe("*");
        assertEquals(204, api.delete("/api/parcels/" + parcel).status());
        List<CloudEvent> events = received.await(4);
        Map<String, String> bySubject = new java.util.HashMap<>();
        for (CloudEvent event : events) {
            bySubject.put(event.getSubject(), event.getType());
        }
        assertEquals(Map.of("parcels/" + parcel, "parcel.deleted", "parcel_tags/" + tag1, "parcel_tag.deleted",
            "parcel_tags/" + tag2, "parcel_tag.deleted", "parcel_notes/" + note, "parcel_note.updated"), bySubject);
        CloudEvent cleared = events.stream().filter(e -> e.getType().equals("parcel_note.updated")).findFirst()
            .orElseThrow();
        assertTrue(Received.data(json, cleared).containsKey("parcel_id"));
        assertNull(Received.data(json, cleared).get("parcel_id"), "the setNull edge cleared the key");
        received.assertNothingWithin(Duration.ofMillis(300));
    }

    @Test
    void writesThatDoNotCommitEmitNothing() throws Exception {
        Received received = subscribe("*");
        Api.Reply refusedAfterInsert = api.post("/api/parcels", Map.of("label", "refuse-me"));
        assertEquals(422, refusedAfterInsert.status(), refusedAfterInsert.text());
        assertEquals(0, api.count("/api/parcels?filter=label:eq:refuse-me"), "rolled back");
        Api.Reply invalid = api.post("/api/parcels", Map.of("weight", 1));
        assertEquals(422, invalid.status(), "refused before the DB step");
        assertThrows(RuntimeException.class, () -> models.inTransaction(() -> {
            models.of("Parcel").create(Map.of("label", "in-a-rollback"));
            bus.publish("parcel.shipped", "parcels/none", null);
            throw new IllegalStateException("roll back");
        }));
        sql.execute("INSERT INTO \"parcels\" (\"id\", \"label\", \"created_at\", \"updated_at\") VALUES (?, ?, ?, ?)",
            List.of(UUID.randomUUID().toString(), "raw", Instant.now(), Instant.now()));
        String id = api.create("/api/parcels", Map.of("label", "after"));
        List<CloudEvent> events = received.await(1);
        assertEquals("parcels/" + id, events.get(0).getSubject(), "the first event is the committed write's");
        received.assertNothingWithin(Duration.ofMillis(500));
    }

    @Test
    void patternsChooseWhatASubscriptionReceives() throws Exception {
        Received tags = subscribe("parcel_tag.*");
        Received creates = subscribe("parcel.created", "parcel_note.created");
        String parcel = api.create("/api/parcels", Map.of("label", "patterns"));
        api.create("/api/parcel_tags", Map.of("parcel_id", parcel, "name", "t"));
        assertEquals(List.of("parcel_tag.created"), Received.types(tags.await(1)));
        assertEquals(List.of("parcel.created"), Received.types(creates.await(1)));
        tags.assertNothingWithin(Duration.ofMillis(300));
        creates.assertNothingWithin(Duration.ofMillis(100));
        for (String pattern : List.of("parcel*", "*.created", "Parcel.created", "parcel.*.x", "")) {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> new Subscription("bad", List.of(pattern), event -> { }), pattern);
            assertTrue(bad.getMessage().contains("'" + pattern + "'"), bad.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Subscription("Bad Name", List.of("*"), event -> { }));
        Received first = new Received();
        String name = "t-" + UUID.randomUUID();
        subscriptions.add(bus.subscribe(new Subscription(name, List.of("*"), first)));
        assertThrows(IllegalArgumentException.class, () -> bus.subscribe(new Subscription(name, List.of("*"), first)));
    }

    @Test
    void aRecordsEventsArriveInCommitOrderThroughRetries() throws Exception {
        java.util.Set<String> failedOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Received received = new Received();
        subscriptions.add(bus.subscribe(new Subscription("t-" + UUID.randomUUID(), List.of("parcel.updated"),
            event -> {
                if (failedOnce.add(event.getId())) {
                    throw new IllegalStateException("first attempt fails");
                }
                received.handle(event);
            })));
        String id = api.create("/api/parcels", Map.of("label", "ordered"));
        for (int weight = 1; weight <= 8; weight++) {
            assertEquals(200, api.patch("/api/parcels/" + id, Map.of("weight", weight)).status());
        }
        List<CloudEvent> events = received.await(8);
        List<Integer> weights = events.stream()
            .map(event -> ((Number) Received.data(json, event).get("weight")).intValue()).toList();
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), weights);
        assertEquals(8, failedOnce.size(), "every event failed once before it was delivered");
    }
}
