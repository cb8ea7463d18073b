package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * default, readonly, immutable, writeonly, hidden, json_array/json_object, {@code @Fx("-")}, and the
 * base fields a client can never set.
 */
@MicronautTest(environments = "test")
@TestDatabase
class WriteRulesTest {

    private static final String UUID_V4 = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
    private static final String RFC3339_UTC = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z";

    @Inject
    TransactionOperations<Connection> transactions;
    @Inject
    Api api;

    private Map<String, Object> create(Map<String, Object> body) {
        Api.Reply reply = api.post(GADGETS, body);
        assertEquals(201, reply.status(), reply.toString());
        return reply.data();
    }

    private Map<String, Object> read(Object id) {
        Api.Reply reply = api.get(GADGETS + "/" + id);
        assertEquals(200, reply.status(), reply.toString());
        return reply.data();
    }

    private Map<String, Object> listed(Object id) {
        Api.Reply reply = api.get(GADGETS + "?limit=200");
        assertEquals(200, reply.status(), reply.toString());
        return reply.list().stream().filter(r -> id.equals(r.get("id"))).findFirst().orElseThrow();
    }

    /** Reads a column straight from the table, bypassing the API. */
    /** Asserts that the field is in none of the created record, its read and its list row. */
    private void assertNeverReturned(String field, Map<String, Object> created) {
        assertFalse(created.containsKey(field), created.toString());
        assertFalse(read(created.get("id")).containsKey(field));
        assertFalse(listed(created.get("id")).containsKey(field));
    }

    private String stored(String column, Object id) {
        return transactions.executeRead(status -> {
            Connection connection = status.getConnection();
            try (PreparedStatement ps = connection.prepareStatement(
                "SELECT \"" + column + "\" FROM \"gadgets\" WHERE \"id\" = ?")) {
                ps.setString(1, (String) id);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "row " + id + " exists");
                    Object value = rs.getObject(1);
                    return value == null ? null : value.toString();
                }
            }
        });
    }

    @Test
    void defaultsApplyWhenAbsentOnCreateCastToTheFieldType() {
        Map<String, Object> created = create(Bodies.gadget());
        for (Map<String, Object> data : List.of(created, read(created.get("id")), listed(created.get("id")))) {
            Object stock = data.get("stock_level");
            assertTrue(stock instanceof Integer || stock instanceof Long, "integer default stays integral: " + stock);
            assertEquals(7L, ((Number) stock).longValue());
            assertEquals(2.5, assertInstanceOf(Double.class, data.get("weight")));
            assertEquals(Boolean.TRUE, data.get("active"));
            assertEquals("blue", data.get("color"));
        }
        assertEquals("7", stored("stock_level", created.get("id")));
        assertEquals("TRUE", stored("active", created.get("id")).toUpperCase());
    }

    @Test
    void presentValuesBeatDefaultsAndExplicitNullIsAnAbsentField() {
        Map<String, Object> created = create(Bodies.gadget("stock_level", 3, "weight", 1, "active", false,
            "color", "red"));
        assertEquals(3L, ((Number) created.get("stock_level")).longValue());
        assertEquals(1.0, ((Number) created.get("weight")).doubleValue());
        assertEquals(Boolean.FALSE, created.get("active"));
        assertEquals("red", created.get("color"));

        // issue 14: an explicit null on create behaves exactly as an absent field (the default applies)
        Map<String, Object> nulled = create(Bodies.gadget("color", null, "stock_level", null));
        Map<String, Object> absent = create(Bodies.gadget());
        assertEquals(absent.get("color"), nulled.get("color"));
        assertEquals("blue", nulled.get("color"));
        assertEquals(absent.get("stock_level"), nulled.get("stock_level"));
        assertEquals("blue", read(nulled.get("id")).get("color"));
    }

    @Test
    void defaultsDoNotApplyOnUpdate() {
        Map<String, Object> created = create(Bodies.gadget("color", "red", "stock_level", 1, "active", false));
        Api.Reply updated = api.patch(GADGETS + "/" + created.get("id"), Map.of("name", "Renamed"));
        assertEquals(200, updated.status(), updated.toString());
        for (Map<String, Object> data : List.of(updated.data(), read(created.get("id")))) {
            assertEquals("Renamed", data.get("name"));
            assertEquals("red", data.get("color"));
            assertEquals(1L, ((Number) data.get("stock_level")).longValue());
            assertEquals(Boolean.FALSE, data.get("active"));
        }
    }

    @Test
    void readonlyIsSilentlyStrippedOnCreateAndUpdate() {
        Map<String, Object> created = create(Bodies.gadget("serial", "S-1"));
        assertTrue(created.containsKey("serial"), "a readonly field is readable");
        assertNull(created.get("serial"));
        Api.Reply updated = api.patch(GADGETS + "/" + created.get("id"), Map.of("serial", "S-2"));
        assertEquals(200, updated.status(), updated.toString());
        assertNull(updated.data().get("serial"));
        assertNull(read(created.get("id")).get("serial"));
        assertNull(stored("serial", created.get("id")));
    }

    @Test
    void immutableIsAcceptedOnCreateAndStrippedOnUpdate() {
        Map<String, Object> created = create(Bodies.gadget("sku", "IMM-1"));
        assertEquals("IMM-1", created.get("sku"));
        Api.Reply updated = api.patch(GADGETS + "/" + created.get("id"), Map.of("sku", "IMM-2", "name", "Changed"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("IMM-1", updated.data().get("sku"));
        assertEquals("Changed", updated.data().get("name"), "the rest of the update applies");
        assertEquals("IMM-1", read(created.get("id")).get("sku"));
        Api.Reply nulled = api.patch(GADGETS + "/" + created.get("id"), Api.body("sku", null));
        assertEquals(200, nulled.status(), nulled.toString());
        assertEquals("IMM-1", nulled.data().get("sku"), "null cannot clear an immutable field either");
    }

    @Test
    void writeonlyIsStoredButNeverReturned() {
        Map<String, Object> created = create(Bodies.gadget("pin", "1234"));
        Object id = created.get("id");
        assertNeverReturned("pin", created);
        assertEquals("1234", stored("pin", id));

        Api.Reply updated = api.patch(GADGETS + "/" + id, Map.of("pin", "9999"));
        assertEquals(200, updated.status(), updated.toString());
        assertFalse(updated.data().containsKey("pin"));
        assertFalse(updated.text().contains("9999"), updated.toString());
        assertEquals("9999", stored("pin", id));
    }

    @Test
    void hiddenIsNeverReturnedAndNeverSettable() {
        Map<String, Object> created = create(Bodies.gadget("secret_note", "client value"));
        Object id = created.get("id");
        assertNeverReturned("secret_note", created);
        assertNull(stored("secret_note", id), "a client value for a hidden field is ignored");

        Api.Reply updated = api.patch(GADGETS + "/" + id, Map.of("secret_note", "again"));
        assertEquals(200, updated.status(), updated.toString());
        assertFalse(updated.data().containsKey("secret_note"));
        assertNull(stored("secret_note", id));
    }

    @Test
    void removedPropertyIsAbsentFromResponsesAndIgnoredOnWrite() {
        Map<String, Object> created = create(Bodies.gadget("scratch", "ignored", "no_such_field", 1));
        Object id = created.get("id");
        for (Map<String, Object> data : List.of(created, read(id), listed(id))) {
            assertFalse(data.containsKey("scratch"), data.toString());
            assertFalse(data.containsKey("no_such_field"), data.toString());
        }
        boolean hasColumn = transactions.executeRead(status -> {
            try (ResultSet rs = status.getConnection().getMetaData().getColumns(null, null, "gadgets", "scratch")) {
                return rs.next();
            }
        });
        assertFalse(hasColumn, "an @Fx(\"-\") property has no column");
    }

    @Test
    void responseFieldsAreExactlyTheReadableOnes() {
        Map<String, Object> created = create(Bodies.gadget());
        Set<String> expected = Set.of("id", "created_at", "updated_at", "name", "category", "quantity", "price",
            "stock_level", "weight", "active", "color", "serial", "sku", "sku_label", "tags", "specs", "size", "rank",
            "ratio", "flagged", "released_at");
        assertEquals(expected, created.keySet());
        assertEquals(expected, read(created.get("id")).keySet());
        assertEquals(expected, listed(created.get("id")).keySet());
    }

    @Test
    void jsonArrayAndObjectRoundTrip() {
        List<Object> tags = new ArrayList<>(List.of("a", 1, true, 2.5, Map.of("k", "v"), List.of(1, 2)));
        tags.add(null);
        Map<String, Object> specs = new LinkedHashMap<>();
        specs.put("nested", Map.of("deep", List.of(1, 2, 3)));
        specs.put("flag", false);
        specs.put("n", 1.5);
        specs.put("s", "x \"quoted\" ünïcödé ☃");
        specs.put("nil", null);
        Map<String, Object> created = create(Bodies.gadget("tags", tags, "specs", specs));
        Object id = created.get("id");
        for (Map<String, Object> data : List.of(created, read(id), listed(id))) {
            assertEquals(tags, data.get("tags"));
            assertEquals(specs, data.get("specs"));
        }
        Api.Reply emptied = api.patch(GADGETS + "/" + id, Map.of("tags", List.of(), "specs", Map.of()));
        assertEquals(200, emptied.status(), emptied.toString());
        assertEquals(List.of(), emptied.data().get("tags"));
        assertEquals(Map.of(), emptied.data().get("specs"));
        assertEquals(List.of(), read(id).get("tags"));
        assertEquals(Map.of(), read(id).get("specs"));
    }

    @Test
    void clientSuppliedIdAndTimestampsAreIgnored() {
        String clientId = "00000000-0000-4000-8000-000000000000";
        Instant before = Instant.now().minusSeconds(5);
        Map<String, Object> created = create(Bodies.gadget("id", clientId, "created_at", "2000-01-01T00:00:00Z",
            "updated_at", "2000-01-01T00:00:00Z"));
        Object id = created.get("id");
        assertNotEquals(clientId, id);
        assertEquals(404, api.get(GADGETS + "/" + clientId).status());
        Instant createdAt = Instant.parse((String) created.get("created_at"));
        assertTrue(createdAt.isAfter(before), createdAt.toString());
        assertTrue(Instant.parse((String) created.get("updated_at")).isAfter(before));

        Api.Reply updated = api.patch(GADGETS + "/" + id, Api.body("id", clientId, "created_at",
            "2001-01-01T00:00:00Z", "updated_at", "2001-01-01T00:00:00Z", "name", "N"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals(id, updated.data().get("id"));
        assertEquals(created.get("created_at"), updated.data().get("created_at"));
        Instant updatedAt = Instant.parse((String) updated.data().get("updated_at"));
        assertFalse(updatedAt.isBefore(createdAt), updatedAt + " before " + createdAt);
        assertEquals(created.get("created_at"), read(id).get("created_at"));
    }

    @Test
    void idsAreDistinctLowerCaseUuidV4() {
        Set<Object> ids = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            Map<String, Object> created = create(Bodies.gadget());
            String id = (String) created.get("id");
            assertTrue(id.matches(UUID_V4), id);
            ids.add(id);
        }
        assertEquals(10, ids.size());
    }

    @Test
    void timestampsAreRfc3339UtcStrings() {
        Instant start = Instant.now().minusSeconds(5);
        Map<String, Object> created = create(Bodies.gadget("released_at", "2024-05-06T07:08:09+02:00"));
        for (Map<String, Object> data : List.of(created, read(created.get("id")), listed(created.get("id")))) {
            for (String field : List.of("created_at", "updated_at", "released_at")) {
                String value = assertInstanceOf(String.class, data.get(field), field);
                assertTrue(value.matches(RFC3339_UTC), field + " = " + value);
                assertEquals(0, OffsetDateTime.parse(value).getOffset().getTotalSeconds());
            }
            assertEquals("2024-05-06T05:08:09Z", data.get("released_at"), "offsets are normalised to UTC");
        }
        Instant createdAt = Instant.parse((String) created.get("created_at"));
        assertTrue(Duration.between(start, createdAt).abs().toMinutes() < 1, createdAt.toString());

        Map<String, Object> fraction = create(Bodies.gadget("released_at", "2024-05-06T07:08:09.123456Z"));
        assertEquals("2024-05-06T07:08:09.123456Z", read(fraction.get("id")).get("released_at"));
    }
}
