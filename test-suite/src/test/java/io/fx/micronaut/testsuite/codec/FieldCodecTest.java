package io.fx.micronaut.testsuite.codec;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.support.Api.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 13 item 3, the field codec SPI, through a stand-in module ({@link CodecBeans}): the codec
 * encodes on every write path and decodes on every read path (routes, includes, accessors), keeps a
 * companion column that migration creates and writes keep current, rewrites equality filters onto it,
 * and forbids sorting (400, and the API document leaves the field out of the sort keys).
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = CodecBeans.SPEC)
@Property(name = "fx.openapi.enabled", value = "true")
@TestDatabase
class FieldCodecTest {

    private static final String VAULTS = "/api/vaults";

    @Inject
    Models models;
    @Inject
    CodecBeans.SealedCodec codec;
    @Inject
    Api api;

    private String create(String holder, String label) {
        Api.Reply created = api.post(VAULTS, Map.of("holder", holder, "label", label));
        assertEquals(201, created.status(), created.toString());
        assertEquals(holder, created.data().get("holder"), "the response carries the API value");
        return (String) created.data().get("id");
    }

    private Map<String, Object> storedRow(String table, String id) {
        List<Map<String, Object>> rows = models.query("SELECT * FROM \"" + table + "\" WHERE \"id\" = ?", id);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    @Test
    void theCodecIsToldTheModelTheFieldAndTheCallerOfEachConversion() {
        Api.Reply created = api.send("POST", VAULTS, "{\"holder\":\"Eve Ember\",\"label\":\"e\"}",
            Map.of("X-Request-Id", "codec-caller-1"));
        assertEquals(201, created.status(), created.toString());
        assertTrue(codec.encodedFor.contains("Vault.holder@codec-caller-1"), codec.encodedFor.toString());
    }

    @Test
    void theColumnHoldsTheEncodedValueAndTheCompanionItsDigest() {
        String id = create("Ann Archer", "a");
        Map<String, Object> row = storedRow("vaults", id);
        assertTrue(((String) row.get("holder")).startsWith(CodecBeans.PREFIX), row.toString());
        assertFalse(row.get("holder").toString().contains("Ann"), row.toString());
        assertEquals(CodecBeans.digest("Ann Archer"), row.get("holder_digest"));
        assertEquals("Ann Archer", api.get(VAULTS + "/" + id).data().get("holder"));
        assertFalse(api.get(VAULTS + "/" + id).data().containsKey("holder_digest"), "companions are never returned");
    }

    @Test
    void equalityFiltersAreRewrittenOntoTheCompanion() {
        create("Bea Baker", "b1");
        create("Bea Baker", "b2");
        create("Cy Cole", "c");
        List<Map<String, Object>> found = api.get(VAULTS + query("filter", "holder:eq:Bea Baker", "sort", "label")).list();
        assertEquals(List.of("b1", "b2"), found.stream().map(r -> r.get("label")).toList());
        assertEquals("Bea Baker", found.get(0).get("holder"));
        assertEquals(3, api.get(VAULTS + query("filter", "holder:in:Bea Baker,Cy Cole")).list().stream()
            .filter(r -> ((String) r.get("label")).matches("b1|b2|c")).count());
        assertTrue(api.get(VAULTS + query("filter", "holder:neq:Bea Baker")).list().stream()
            .noneMatch(r -> "Bea Baker".equals(r.get("holder"))));
    }

    @Test
    void anUpdateEncodesAndKeepsTheCompanionCurrent() {
        String id = create("Dee Dunn", "d");
        Api.Reply updated = api.patch(VAULTS + "/" + id, Map.of("holder", "Dee Drake"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("Dee Drake", updated.data().get("holder"));
        assertEquals(CodecBeans.digest("Dee Drake"), storedRow("vaults", id).get("holder_digest"));
        assertEquals(1, api.get(VAULTS + query("filter", "holder:eq:Dee Drake")).list().size());
        assertEquals(0, api.get(VAULTS + query("filter", "holder:eq:Dee Dunn")).list().size());
        assertEquals(200, api.patch(VAULTS + "/" + id, Map.of("label", "d2")).status(), "other fields leave it alone");
        assertEquals(CodecBeans.digest("Dee Drake"), storedRow("vaults", id).get("holder_digest"));
    }

    @Test
    void includesAndAccessorsDecode() {
        String id = create("Eve Eng", "e");
        Api.Reply note = api.post("/api/vault_notes", Map.of("vault_id", id, "text", "remember the milk"));
        assertEquals(201, note.status(), note.toString());
        assertTrue(((String) storedRow("vault_notes", (String) note.data().get("id")).get("text")).startsWith(CodecBeans.PREFIX));
        Map<String, Object> withNotes = api.get(VAULTS + "/" + id + query("include", "notes")).data();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> notes = (List<Map<String, Object>>) withNotes.get("notes");
        assertEquals("remember the milk", notes.get(0).get("text"));
        assertEquals("Eve Eng", models.of(Vault.class).read(id).orElseThrow().get("holder"));
        Map<String, Object> made = models.of(Vault.class).create(Map.of("holder", "Fay Fox", "label", "f"));
        assertEquals("Fay Fox", made.get("holder"));
        assertEquals(CodecBeans.digest("Fay Fox"), storedRow("vaults", (String) made.get("id")).get("holder_digest"));
    }

    @Test
    void rawRowsMapToTheRecordAReadAnswers() {
        String id = create("Gus Gray", "g");
        Map<String, Object> raw = storedRow("vaults", id);
        Map<String, Object> record = models.of(Vault.class).fromRow(raw);
        assertEquals("Gus Gray", record.get("holder"));
        assertEquals("g", record.get("label"));
        assertEquals(api.get(VAULTS + "/" + id).data().get("created_at"),
            io.fx.micronaut.json.Timestamps.format((java.time.Instant) record.get("created_at")));
        assertFalse(record.containsKey("holder_digest"), "companions are not part of the record");
    }

    @Test
    void aFieldTheCodecCannotSortIsRefusedAndUndocumented() {
        Api.Reply refused = api.get(VAULTS + query("sort", "holder"));
        assertEquals(400, refused.status(), refused.toString());
        assertEquals("INVALID_QUERY", refused.code());
        assertTrue(refused.error().get("message").toString().contains("holder"), refused.toString());
        assertEquals(200, api.get(VAULTS + query("sort", "label")).status());
        String document = api.get("/api/openapi.json").text();
        int at = document.indexOf("VaultSortKey");
        assertTrue(document.contains("\"label:desc\""), "label is a sort key: " + document.substring(Math.max(0, at), Math.min(document.length(), at + 400)));
        assertFalse(document.contains("\"holder:desc\""), "holder is not a sort key");
    }
}
