package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Concurrently;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-record change history through the real server: a row per create, update and delete in the write's
 * transaction, its diff and snapshot (without hidden and write-only fields), cascade and {@code setNull} entries,
 * versions under concurrent writes, the history route's paging and refusals, and the history model's table.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class HistoryTest {

    private static final String CHRONICLES = "/api/chronicles";
    private static final String NOTES = "/api/chronicle_notes";
    private static final String SHELVES = "/api/shelves";

    @Inject
    Api api;
    @Inject
    DataStore store;
    @Inject
    Models models;

    private List<Map<String, Object>> history(String id) {
        Api.Reply reply = api.get(CHRONICLES + "/" + id + "/history");
        assertEquals(200, reply.status(), reply.toString());
        return reply.list();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> diff(Map<String, Object> row) {
        return (Map<String, Object>) row.get("diff");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> snapshot(Map<String, Object> row) {
        return (Map<String, Object>) row.get("snapshot");
    }

    @Test
    void aCreateRecordsEveryNonNullFieldAndASnapshot() {
        String id = api.create(CHRONICLES, Map.of("title", "First", "secret", "s3cr3t", "pin", "p1n-value",
            "meta", Map.of("b", 2, "a", 1), "code", "c0nfid3ntial"));
        assertEquals("c0nfid3ntial", api.get(CHRONICLES + "/" + id).data().get("code"), "reads return it");
        String stored = String.valueOf(store.query("SELECT \"diff\", \"snapshot\" FROM \"chronicle_history\" WHERE "
            + "\"record_id\" = ?", List.of(id)));
        assertFalse(stored.contains("c0nfid3ntial") || stored.contains("s3cr3t") || stored.contains("p1n-value"),
            "the table holds no redacted, hidden or write-only value: " + stored);
        List<Map<String, Object>> rows = history(id);
        assertEquals(1, rows.size(), rows.toString());
        Map<String, Object> row = rows.get(0);
        assertEquals(List.of("id", "record_id", "version", "operation", "actor_id", "timestamp", "request_id", "diff",
            "snapshot"), new ArrayList<>(row.keySet()));
        assertEquals(id, row.get("record_id"));
        assertEquals(1, ((Number) row.get("version")).intValue());
        assertEquals("create", row.get("operation"));
        assertNull(row.get("actor_id"));
        assertNotNull(row.get("request_id"));
        Map<String, Object> diff = diff(row);
        assertEquals(Map.of("old", "First", "new", "First").get("new"), ((Map<?, ?>) diff.get("title")).get("new"));
        assertTrue(((Map<?, ?>) diff.get("title")).containsKey("old"));
        assertNull(((Map<?, ?>) diff.get("title")).get("old"));
        assertEquals("draft", ((Map<?, ?>) diff.get("status")).get("new"));
        assertFalse(diff.containsKey("id"), diff.toString());
        assertFalse(diff.containsKey("rating"), "null fields are skipped on create: " + diff);
        assertFalse(diff.containsKey("secret") || diff.containsKey("pin") || diff.containsKey("code"), diff.toString());
        Map<String, Object> snapshot = snapshot(row);
        assertEquals(id, snapshot.get("id"));
        assertEquals("First", snapshot.get("title"));
        assertFalse(snapshot.containsKey("secret") || snapshot.containsKey("pin") || snapshot.containsKey("code"),
            snapshot.toString());
        assertEquals(Map.of("a", 1, "b", 2), snapshot.get("meta"));
    }

    @Test
    void anUpdateRecordsWhatChangedByValue() {
        String id = api.create(CHRONICLES, Map.of("title", "Before", "rating", 1, "meta", Map.of("a", 1, "b", List.of(1, 2))));
        // the same values written again, the JSON in another key order and 1 as 1.0: only updated_at changes
        assertEquals(200, api.patch(CHRONICLES + "/" + id, Map.of("rating", 1.0, "meta",
            Map.of("b", List.of(1, 2), "a", 1))).status());
        assertEquals(200, api.patch(CHRONICLES + "/" + id, Map.of("title", "After", "secret", "x")).status());
        List<Map<String, Object>> rows = history(id);
        assertEquals(List.of(3, 2, 1), rows.stream().map(r -> ((Number) r.get("version")).intValue()).toList());
        assertEquals(List.of("update", "update", "create"), rows.stream().map(r -> r.get("operation")).toList());
        assertEquals(List.of("updated_at"), new ArrayList<>(diff(rows.get(1)).keySet()));
        Map<String, Object> latest = diff(rows.get(0));
        assertEquals(List.of("title", "updated_at"), latest.keySet().stream().sorted().toList());
        assertEquals(Map.of("old", "Before", "new", "After"), latest.get("title"));
        assertEquals("After", snapshot(rows.get(0)).get("title"));
    }

    @Test
    void aSoftDeleteRecordsEveryFieldAsRemovedAndItsHistoryStaysReadable() {
        String id = api.create(CHRONICLES, Map.of("title", "Doomed"));
        assertEquals(204, api.delete(CHRONICLES + "/" + id).status());
        // the record reads 404 now; its history stays readable, the delete entry first
        assertEquals(404, api.get(CHRONICLES + "/" + id).status());
        List<Map<String, Object>> read = history(id);
        assertEquals(List.of("delete", "create"), read.stream().map(r -> r.get("operation")).toList());
        assertEquals("Doomed", snapshot(read.get(0)).get("title"));
        assertEquals(200, api.head(CHRONICLES + "/" + id + "/history").status());
        List<Map<String, Object>> rows = store.query(
            "SELECT \"operation\", \"version\", \"diff\" FROM \"chronicle_history\" WHERE \"record_id\" = ? ORDER BY \"version\"", List.of(id));
        assertEquals(List.of("create", "delete"), rows.stream().map(r -> r.get("operation")).toList());
        String deleteDiff = String.valueOf(rows.get(1).get("diff"));
        assertTrue(deleteDiff.contains("\"title\":{\"old\":\"Doomed\",\"new\":null}"), deleteDiff);
        assertTrue(deleteDiff.contains("\"rating\":{\"old\":null,\"new\":null}"), "nulls are included: " + deleteDiff);
        assertFalse(deleteDiff.contains("\"id\""), deleteDiff);
    }

    @Test
    void aCascadeRecordsADeleteAndADiffOnlyModelKeepsNoSnapshot() {
        String chronicle = api.create(CHRONICLES, Map.of("title", "Parent"));
        String note = api.create(NOTES, Map.of("text", "child", "chronicle_id", chronicle));
        Api.Reply noteHistory = api.get(NOTES + "/" + note + "/history");
        assertEquals(200, noteHistory.status(), noteHistory.toString());
        Map<String, Object> created = noteHistory.list().get(0);
        assertFalse(created.containsKey("snapshot"), created.toString());
        assertEquals("child", ((Map<?, ?>) diff(created).get("text")).get("new"));
        // a soft delete of the parent cascades as a delete of the note (hard-deleting), recorded row by row
        assertEquals(204, api.delete(CHRONICLES + "/" + chronicle).status());
        List<Map<String, Object>> rows = store.query(
            "SELECT \"operation\" FROM \"chronicle_note_history\" WHERE \"record_id\" = ? ORDER BY \"version\"", List.of(note));
        assertEquals(List.of("create", "delete"), rows.stream().map(r -> r.get("operation")).toList());
        assertEquals(List.of("id", "record_id", "version", "operation", "actor_id", "timestamp", "request_id", "diff"),
            columns("chronicle_note_history"));
    }

    @Test
    void aSetNullEdgeRecordsAnUpdate() {
        String shelf = api.create(SHELVES, Map.of("label", "top"));
        String id = api.create(CHRONICLES, Map.of("title", "Shelved", "shelf_id", shelf));
        assertEquals(204, api.delete(SHELVES + "/" + shelf).status());
        List<Map<String, Object>> rows = history(id);
        assertEquals(List.of("update", "create"), rows.stream().map(r -> r.get("operation")).toList());
        assertEquals(Map.of("old", shelf), Map.of("old", ((Map<?, ?>) diff(rows.get(0)).get("shelf_id")).get("old")));
        assertNull(((Map<?, ?>) diff(rows.get(0)).get("shelf_id")).get("new"));
    }

    @Test
    void aRolledBackWriteLeavesNoHistoryRow() {
        String id = api.create(CHRONICLES, Map.of("title", "Kept"));
        RuntimeException refused = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () ->
            store.inTransaction(() -> {
                models.of("Chronicle").update(id, Map.of("title", "Rolled back"));
                models.of("Chronicle").create(Map.of("title", "Rolled back too"));
                throw new IllegalStateException("abort");
            }));
        assertEquals("abort", refused.getMessage());
        assertEquals(List.of("create"), history(id).stream().map(r -> r.get("operation")).toList());
        assertEquals(0L, store.query("SELECT COUNT(*) AS n FROM \"chronicle_history\" WHERE \"snapshot\" LIKE ?",
            List.of("%Rolled back%")).stream().mapToLong(r -> ((Number) r.get("n")).longValue()).sum());
        // the unique index on (record_id, version DESC) is there: a second row with a taken version is refused
        Map<String, Object> row = store.query("SELECT * FROM \"chronicle_history\" WHERE \"record_id\" = ?",
            List.of(id)).get(0);
        RuntimeException duplicate = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () ->
            store.execute("INSERT INTO \"chronicle_history\" (\"id\", \"record_id\", \"version\", \"operation\", "
                + "\"timestamp\", \"request_id\", \"diff\", \"snapshot\") VALUES (?, ?, 1, 'create', ?, 'r', '{}', '{}')",
                List.of(UUID.randomUUID().toString(), id, row.get("timestamp"))));
        assertNotNull(duplicate);
    }

    @Test
    void concurrentUpdatesGetConsecutiveVersions() throws Exception {
        String id = api.create(CHRONICLES, Map.of("title", "Busy"));
        List<Integer> statuses = Concurrently.run(16, i -> api.patch(CHRONICLES + "/" + id, Map.of("title", "t" + i)).status());
        assertTrue(statuses.stream().allMatch(s -> s == 200), statuses.toString());
        List<Integer> versions = store.query("SELECT \"version\" FROM \"chronicle_history\" WHERE \"record_id\" = ? ORDER BY \"version\"",
            List.of(id)).stream().map(r -> ((Number) r.get("version")).intValue()).toList();
        assertEquals(IntStream.rangeClosed(1, 17).boxed().toList(), versions);
    }

    @Test
    void theHistoryRoutePagesNewestFirstAndRefusesHistoryColumns() {
        String id = api.create(CHRONICLES, Map.of("title", "v1"));
        for (int i = 2; i <= 5; i++) {
            assertEquals(200, api.patch(CHRONICLES + "/" + id, Map.of("title", "v" + i)).status());
        }
        Api.Reply page = api.get(CHRONICLES + "/" + id + "/history" + Api.query("limit", "2", "page", "2"));
        assertEquals(200, page.status(), page.toString());
        assertEquals(List.of(3, 2), page.list().stream().map(r -> ((Number) r.get("version")).intValue()).toList());
        assertEquals(5, ((Number) page.meta().get("total")).intValue(), page.meta().toString());
        for (String bad : List.of("0", "-1", "x")) {
            Api.Reply refused = api.get(CHRONICLES + "/" + id + "/history" + Api.query("limit", bad));
            assertEquals(400, refused.status(), refused.toString());
            assertEquals("INVALID_QUERY", refused.code());
        }
        Api.Reply clamped = api.get(CHRONICLES + "/" + id + "/history" + Api.query("limit", "2000"));
        assertEquals(200, ((Number) clamped.meta().get("limit")).intValue(), clamped.meta().toString());
        assertEquals(5, clamped.list().size());
        for (String[] query : List.of(new String[] {"filter", "operation:eq:update"}, new String[] {"sort", "-version"},
            new String[] {"filter[0]", "record_id:eq:" + id})) {
            Api.Reply refused = api.get(CHRONICLES + "/" + id + "/history" + Api.query(query[0], query[1]));
            assertEquals(400, refused.status(), refused.toString());
            assertEquals("INVALID_QUERY", refused.code());
        }
        // by cursor, as a list pages: the next page after the first two rows, then a tampered cursor
        Api.Reply first = api.get(CHRONICLES + "/" + id + "/history" + Api.query("limit", "2"));
        String next = String.valueOf(first.meta().get("next_cursor"));
        Api.Reply second = api.get(CHRONICLES + "/" + id + "/history" + Api.query("limit", "2", "cursor", next));
        assertEquals(List.of(3, 2), second.list().stream().map(r -> ((Number) r.get("version")).intValue()).toList());
        assertEquals("INVALID_CURSOR", api.get(CHRONICLES + "/" + id + "/history"
            + Api.query("cursor", tampered(next))).code());
        assertEquals("INVALID_QUERY", api.get(CHRONICLES + "/" + id + "/history"
            + Api.query("cursor", next, "page", "2")).code());
        // a parameter valid for the parent is ignored, as on a read
        assertEquals(5, api.get(CHRONICLES + "/" + id + "/history" + Api.query("filter", "title:eq:v5")).list().size());
        Api.Reply head = api.head(CHRONICLES + "/" + id + "/history");
        assertEquals(200, head.status(), head.toString());
    }

    @Test
    void optionsListsTheMethodsAndOtherMethodsAre405() {
        String id = api.create(CHRONICLES, Map.of("title", "Methods"));
        Api.Reply options = api.options(CHRONICLES + "/" + id + "/history");
        assertEquals(204, options.status(), options.toString());
        assertEquals("GET, HEAD, OPTIONS", options.header("Allow"));
        for (String method : List.of("POST", "PUT", "PATCH", "DELETE")) {
            Api.Reply refused = api.send(method, CHRONICLES + "/" + id + "/history", "{}");
            assertEquals(405, refused.status(), method + " " + refused);
            assertEquals("METHOD_NOT_ALLOWED", refused.code(), refused.toString());
            assertEquals(java.util.Set.of("GET", "HEAD", "OPTIONS"), java.util.Set.of(refused.header("Allow").split(",\\s*")),
                refused.toString());
        }
    }

    @Test
    void unknownRecordsAndUnversionedModelsAre404() {
        assertEquals(404, api.get(CHRONICLES + "/" + UUID.randomUUID() + "/history").status());
        assertEquals(404, api.get(CHRONICLES + "/not-an-id/history").status());
        String shelf = api.create(SHELVES, Map.of("label", "plain"));
        Api.Reply unversioned = api.get(SHELVES + "/" + shelf + "/history");
        assertEquals(404, unversioned.status(), unversioned.toString());
        assertEquals("NOT_FOUND", unversioned.code());
        assertEquals(404, api.get("/api/chronicle_histories").status());
        assertEquals(404, api.get("/api/chronicle_history").status());
    }

    @Test
    void theHistoryModelIsReadableThroughAccessorsAndNotWritable() {
        String id = api.create(CHRONICLES, Map.of("title", "Accessed"));
        assertEquals(204, api.delete(CHRONICLES + "/" + id).status());
        var history = models.of("ChronicleHistory");
        var rows = history.list(Map.of("filter", List.of("record_id:eq:" + id), "sort", List.of("version")));
        assertEquals(List.of("create", "delete"), rows.rows().stream().map(r -> r.get("operation")).toList());
        var refused = org.junit.jupiter.api.Assertions.assertThrows(io.fx.micronaut.exception.FxException.class,
            () -> history.create(Map.of("record_id", id, "version", 9, "operation", "create", "timestamp",
                java.time.Instant.now(), "request_id", "r", "diff", "{}", "snapshot", "{}")));
        assertEquals(405, refused.getStatus());
        assertEquals(List.of("id", "record_id", "version", "operation", "actor_id", "timestamp", "request_id", "diff",
            "snapshot"), columns("chronicle_history"));
    }

    /** The cursor with one character in its middle changed: its signature no longer matches. */
    private static String tampered(String cursor) {
        int middle = cursor.length() / 2;
        char changed = cursor.charAt(middle) == 'A' ? 'B' : 'A';
        return cursor.substring(0, middle) + changed + cursor.substring(middle + 1);
    }

    private List<String> columns(String table) {
        return store.query("SELECT column_name FROM information_schema.columns WHERE LOWER(table_name) = ? AND table_schema = CURRENT_SCHEMA "
            + "ORDER BY ordinal_position", List.of(table)).stream().map(r -> String.valueOf(r.get("column_name"))
            .toLowerCase(java.util.Locale.ROOT)).collect(Collectors.toList());
    }
}
