package io.fx.micronaut.testsuite.encryption;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import com.fasterxml.jackson.databind.JsonNode;
import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.fx.micronaut.testsuite.support.Api.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31 through the real server with real keys (env provider): ciphertext at rest, the envelope and its
 * associated data, the blind index and its 409, refused filters and sorts, includes and accessors,
 * {@code findByUnique}, legacy plain text, the 5xx codes with generic bodies, logs free of values, redaction
 * (history) and the API document (the history's snapshot schema without the encrypted fields).
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "EncryptionTest")
@Property(name = "encryption.test-keys", value = "true")
@Property(name = "encryption.test-models", value = "true")
@Property(name = "fx.encryption.provider", value = "env")
@Property(name = "fx.encryption.index-key", value = "index")
@Property(name = "fx.openapi.enabled", value = "true")
@TestDatabase
class EncryptionTest {

    static final String PATIENTS = "/api/patients";
    static final String VISITS = "/api/patient_visits";

    @Inject
    Api api;
    @Inject
    Models models;
    @Inject
    ModelRegistry registry;
    @Inject
    TransactionOperations<Connection> transactions;

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    private String create(String name, String email, String diagnosis) {
        Api.Reply created = api.post(PATIENTS, Map.of("name", name, "email", email, "diagnosis", diagnosis));
        assertEquals(201, created.status(), created.toString());
        return (String) created.data().get("id");
    }

    private Map<String, Object> row(String table, String id) {
        List<Map<String, Object>> rows = models.query("SELECT * FROM \"" + table + "\" WHERE \"id\" = ?", id);
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    private void setStored(String table, String column, String id, String stored) {
        models.execute("UPDATE \"" + table + "\" SET \"" + column + "\" = ? WHERE \"id\" = ?", stored, id);
    }

    private static String keyIdOf(String stored) {
        byte[] all = Base64.getDecoder().decode(stored.substring(4));
        return new String(all, 2, all[1], java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** The envelope re-written with another key id, nonce and ciphertext kept. */
    static String withKeyId(String stored, String keyId) {
        byte[] all = Base64.getDecoder().decode(stored.substring(4));
        int oldLength = all[1];
        byte[] id = keyId.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] out = new byte[all.length - oldLength + id.length];
        out[0] = all[0];
        out[1] = (byte) id.length;
        System.arraycopy(id, 0, out, 2, id.length);
        System.arraycopy(all, 2 + oldLength, out, 2 + id.length, all.length - 2 - oldLength);
        return "enc:" + Base64.getEncoder().encodeToString(out);
    }

    @Test
    void theTableHoldsEnvelopesAndTheBlindIndexWhileResponsesCarryTheValues() {
        String email = unique("ann");
        String id = create("Ann", email, "migraine");
        Map<String, Object> stored = row("patients", id);
        String storedEmail = (String) stored.get("email");
        assertTrue(storedEmail.startsWith("enc:"), stored.toString());
        assertFalse(stored.toString().contains(email) || stored.toString().contains("migraine"), stored.toString());
        assertEquals("default", keyIdOf(storedEmail));
        assertEquals("medical", keyIdOf((String) stored.get("diagnosis")));
        assertEquals(Keys.hmac("patients", "email", email), stored.get("email_hmac"));
        assertFalse(stored.containsKey("diagnosis_hmac"), "only unique fields keep a blind index");
        Map<String, Object> read = api.get(PATIENTS + "/" + id).data();
        assertEquals(email, read.get("email"));
        assertEquals("migraine", read.get("diagnosis"));
        assertFalse(read.containsKey("email_hmac"));
        Map<String, Object> listed = api.get(PATIENTS + query("filter", "name:eq:Ann")).list().stream()
            .filter(r -> id.equals(r.get("id"))).findFirst().orElseThrow();
        assertEquals(email, listed.get("email"));
        assertFalse(listed.containsKey("email_hmac"));
    }

    @Test
    void anUpdateReEncryptsAndKeepsTheIndexCurrentAndNullClearsIt() {
        String id = create("Bo", unique("bo"), "flu");
        String next = unique("bo2");
        Api.Reply updated = api.patch(PATIENTS + "/" + id, Map.of("email", next));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals(next, updated.data().get("email"));
        assertEquals(Keys.hmac("patients", "email", next), row("patients", id).get("email_hmac"));
        Map<String, Object> cleared = new java.util.HashMap<>();
        cleared.put("email", null);
        assertEquals(200, api.patch(PATIENTS + "/" + id, cleared).status());
        assertNull(row("patients", id).get("email"));
        assertNull(row("patients", id).get("email_hmac"));
        assertNull(api.get(PATIENTS + "/" + id).data().get("email"));
    }

    @Test
    void theKeyIdIsBoundIntoTheEnvelope() {
        String id = create("Cy", unique("cy"), "asthma");
        String stored = (String) row("patients", id).get("email");
        // twin holds the very bytes of default: only the associated data tells them apart
        setStored("patients", "email", id, withKeyId(stored, "twin"));
        Api.Reply refused = api.get(PATIENTS + "/" + id);
        assertEquals(500, refused.status(), refused.toString());
        assertEquals("DECRYPTION_FAILED", refused.code());
        setStored("patients", "email", id, stored);
        assertEquals(200, api.get(PATIENTS + "/" + id).status());
    }

    @Test
    void aDuplicateIsA409NamingTheFieldOnly() {
        String email = unique("dee");
        create("Dee", email, "none");
        Api.Reply duplicate = api.post(PATIENTS, Map.of("name", "Dee 2", "email", email));
        assertEquals(409, duplicate.status(), duplicate.toString());
        assertEquals("CONFLICT", duplicate.code());
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) duplicate.error().get("details");
        assertEquals("email", details.get("column"), duplicate.toString());
        assertFalse(duplicate.text().contains("_hmac"), duplicate.text());
        assertFalse(duplicate.text().contains(email), duplicate.text());
        assertFalse(duplicate.text().contains(Keys.hmac("patients", "email", email)), duplicate.text());
    }

    /**
     * Envelopes of equal values differ, so the unique key lives on the blind index alone: no unique index on the
     * envelope column, which would enforce nothing and cost every write an index entry.
     */
    @Test
    void theBlindIndexAloneCarriesTheUniqueKey() {
        for (String table : List.of("patients", "subscribers")) {
            Set<String> uniqueColumns = transactions.executeRead(status -> {
                Set<String> columns = new HashSet<>();
                Connection connection = status.getConnection();
                try (ResultSet indexes = connection.getMetaData().getIndexInfo(connection.getCatalog(),
                    connection.getSchema(), table, true, false)) {
                    while (indexes.next()) {
                        String column = indexes.getString("COLUMN_NAME");
                        if (column != null) {
                            columns.add(column.replace("\"", "").toLowerCase(java.util.Locale.ROOT));
                        }
                    }
                }
                return columns;
            });
            assertTrue(uniqueColumns.contains("email_hmac"), table + ": " + uniqueColumns);
            assertFalse(uniqueColumns.contains("email"), table + ": " + uniqueColumns);
        }
    }

    @Test
    void everyFilterAndSortFormOnAnEncryptedFieldIsRefused() {
        for (String[] parameters : List.of(
                new String[] {"filter", "email:eq:a@b.c"},
                new String[] {"filter", "diagnosis:like:flu%"},
                new String[] {"filter[0]", "email:eq:a@b.c"},
                new String[] {"filter[1]", "name:eq:x", "filter[1]", "diagnosis:isnull"},
                new String[] {"sort", "email"},
                new String[] {"sort", "diagnosis:desc"},
                new String[] {"sort", "name,email"})) {
            assertRefused(api.get(PATIENTS + query(parameters)), parameters);
        }
        assertRefused(api.get(VISITS + query("filter", "patient.email:eq:a@b.c")), "nested");
        assertRefused(api.get(VISITS + query("filter", "summary:eq:x")), "visit summary");
        assertRefused(api.get(PATIENTS + query("filter", "visits.summary:eq:x")), "nested has-many");
        Api.Reply hmac = api.get(PATIENTS + query("filter", "email_hmac:eq:00"));
        assertEquals(400, hmac.status(), "the blind index is no field: " + hmac);
    }

    private static void assertRefused(Api.Reply reply, Object what) {
        String label = what instanceof String[] array ? String.join(" ", array) : what.toString();
        assertEquals(400, reply.status(), label + ": " + reply);
        assertEquals("INVALID_QUERY", reply.code(), label);
        String message = (String) reply.error().get("message");
        assertTrue(message.contains("ENCRYPTED_FIELD_NOT_FILTERABLE"), label + ": " + message);
        assertTrue(message.contains("email") || message.contains("diagnosis") || message.contains("summary"), message);
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) reply.error().get("details");
        assertTrue(details.get("reason").toString().startsWith("ENCRYPTED_FIELD_NOT_FILTERABLE"), label);
    }

    @Test
    void includesAndAccessorsDecryptNestedToo() {
        String email = unique("eve");
        String id = create("Eve", email, "cold");
        Api.Reply visit = api.post(VISITS, Map.of("patient_id", id, "summary", "rest and fluids", "room", "7"));
        assertEquals(201, visit.status(), visit.toString());
        String visitId = (String) visit.data().get("id");
        assertTrue(((String) row("patient_visits", visitId).get("summary")).startsWith("enc:"));
        Map<String, Object> withVisits = api.get(PATIENTS + "/" + id + query("include", "visits")).data();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> visits = (List<Map<String, Object>>) withVisits.get("visits");
        assertEquals("rest and fluids", visits.get(0).get("summary"));
        Map<String, Object> withPatient = api.get(VISITS + "/" + visitId + query("include", "patient")).data();
        @SuppressWarnings("unchecked")
        Map<String, Object> patient = (Map<String, Object>) withPatient.get("patient");
        assertEquals(email, patient.get("email"));
        assertFalse(patient.containsKey("email_hmac"));
        List<Map<String, Object>> listed = api.get(VISITS + query("filter", "patient_id:eq:" + id, "include", "patient")).list();
        @SuppressWarnings("unchecked")
        Map<String, Object> listedPatient = (Map<String, Object>) listed.get(0).get("patient");
        assertEquals("cold", listedPatient.get("diagnosis"));

        ModelAccessor patients = models.of(Patient.class);
        assertEquals(email, patients.read(id).orElseThrow().get("email"));
        Map<String, Object> made = patients.create(Map.of("name", "Eve 2", "email", unique("eve2"), "diagnosis", "x"));
        assertTrue(((String) row("patients", (String) made.get("id")).get("diagnosis")).startsWith("enc:"));
        assertEquals("x", made.get("diagnosis"));
        assertEquals(email, patients.fromRow(row("patients", id)).get("email"));
    }

    @Test
    void findByUniqueLooksUpThroughTheBlindIndex() {
        String email = unique("fay");
        String id = create("Fay", email, "ok");
        ModelAccessor patients = models.of(Patient.class);
        assertEquals(id, patients.findByUnique("email", email).orElseThrow().get("id"));
        assertEquals(email, patients.findByUnique("email", email).orElseThrow().get("email"));
        assertTrue(patients.findByUnique("email", unique("nobody")).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> patients.findByUnique("diagnosis", "ok"),
            "diagnosis is not unique");
        assertThrows(IllegalArgumentException.class, () -> patients.findByUnique("nope", "ok"));
    }

    @Test
    void legacyPlainTextIsReturnedAsStoredAndNotFoundByTheIndex() {
        String id = create("Gus", unique("gus"), "gout");
        String legacy = unique("legacy");
        models.execute("UPDATE \"patients\" SET \"email\" = ?, \"email_hmac\" = NULL, \"diagnosis\" = ? WHERE \"id\" = ?",
            legacy, "plain gout", id);
        Map<String, Object> read = api.get(PATIENTS + "/" + id).data();
        assertEquals(legacy, read.get("email"));
        assertEquals("plain gout", read.get("diagnosis"));
        assertTrue(models.of(Patient.class).findByUnique("email", legacy).isEmpty());
    }

    @Test
    void errorsAre5xxWithGenericBodiesAndLogsNameNoValue() {
        String email = unique("hal");
        String id = create("Hal", email, "secret-diagnosis-hal");
        String stored = (String) row("patients", id).get("diagnosis");
        try (LogCapture logs = new LogCapture(org.slf4j.Logger.ROOT_LOGGER_NAME)) {
            setStored("patients", "diagnosis", id, withKeyId(stored, "ghost"));
            Api.Reply unknownKey = api.get(PATIENTS + "/" + id);
            assertEquals(500, unknownKey.status(), unknownKey.toString());
            assertEquals("ENCRYPTION_NOT_CONFIGURED", unknownKey.code());
            assertGeneric(unknownKey);

            setStored("patients", "diagnosis", id, "enc:@@not-base64@@");
            Api.Reply malformed = api.get(PATIENTS + "/" + id);
            assertEquals(500, malformed.status(), malformed.toString());
            assertEquals("DECRYPTION_FAILED", malformed.code());
            assertGeneric(malformed);

            byte[] all = Base64.getDecoder().decode(stored.substring(4));
            all[all.length - 1] ^= 1;
            setStored("patients", "diagnosis", id, "enc:" + Base64.getEncoder().encodeToString(all));
            Api.Reply tampered = api.get(PATIENTS + "/" + id);
            assertEquals("DECRYPTION_FAILED", tampered.code(), tampered.toString());
            assertGeneric(tampered);
            assertEquals(200, api.get(PATIENTS + query("filter", "name:eq:nobody-at-all")).status());
            assertEquals(409, api.post(PATIENTS, Map.of("name", "Hal 2", "email", email)).status());

            String text = everything(logs.events());
            assertTrue(text.contains("Patient.diagnosis") && text.contains("ghost"), text);
            assertTrue(text.contains("(record " + id + ")"), "the failure names the record: " + text);
            for (String value : List.of(email, "secret-diagnosis-hal", Keys.b64(Keys.DEFAULT), Keys.b64(Keys.MEDICAL),
                    Keys.hmac("patients", "email", email))) {
                assertFalse(text.contains(value), "the logs carry " + value + ":\n" + text);
            }
        } finally {
            setStored("patients", "diagnosis", id, stored);
        }
    }

    private static void assertGeneric(Api.Reply reply) {
        assertFalse(reply.text().contains("Patient") || reply.text().contains("ghost") || reply.text().contains("key"),
            reply.text());
        assertNull(reply.error().get("details"), reply.text());
    }

    /** Every message and every throwable message of the events. */
    static String everything(List<ILoggingEvent> events) {
        StringBuilder all = new StringBuilder();
        for (ILoggingEvent event : events) {
            all.append(event.getFormattedMessage()).append('\n');
            for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
                all.append(t.getClassName()).append(": ").append(t.getMessage()).append('\n');
            }
        }
        return all.toString();
    }

    @Test
    void encryptedFieldsAreRedactedAndLeftOutOfHistory() {
        assertTrue(registry.findByName("Patient").orElseThrow().findField("email").orElseThrow().isRedacted());
        assertTrue(registry.findByName("Patient").orElseThrow().findField("diagnosis").orElseThrow().isRedacted());
        String id = create("Ida", unique("ida"), "sprain");
        assertEquals(200, api.patch(PATIENTS + "/" + id, Map.of("email", unique("ida2"), "name", "Ida B")).status());
        Api.Reply history = api.get(PATIENTS + "/" + id + "/history");
        assertEquals(200, history.status(), history.toString());
        assertEquals(2, history.list().size(), history.toString());
        assertFalse(history.text().contains("email") || history.text().contains("diagnosis")
            || history.text().contains("sprain") || history.text().contains("_hmac"), history.text());
        assertTrue(history.text().contains("Ida B"), history.text());
        List<Map<String, Object>> rows = models.query("SELECT * FROM \"patient_history\" WHERE \"record_id\" = ?", id);
        assertFalse(rows.toString().contains("email") || rows.toString().contains("sprain"), rows.toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theApiDocumentMarksEncryptedFieldsAndLeavesThemOutOfTheQueryVocabularies() {
        Api.Reply document = api.get("/api/openapi.json");
        assertEquals(200, document.status());
        Map<String, Object> schemas = Api.at(document.body(), "components", "schemas");
        for (String schema : List.of("Patient", "PatientCreate", "PatientUpdate")) {
            Map<String, Object> email = Api.at(schemas, schema, "properties", "email");
            assertEquals(Boolean.TRUE, email.get("x-fx-encrypted"), schema + ": " + email);
            assertFalse(email.containsKey("example") || email.containsKey("default"), schema + ": " + email);
            Map<String, Object> name = Api.at(schemas, schema, "properties", "name");
            assertFalse(name.containsKey("x-fx-encrypted"));
        }
        String sortKeys = String.valueOf(schemas.get("PatientSortKey"));
        assertTrue(sortKeys.contains("name:desc") && !sortKeys.contains("email") && !sortKeys.contains("diagnosis"), sortKeys);
        String filters = String.valueOf(schemas.get("PatientFilterClause"));
        assertTrue(filters.contains("name") && !filters.contains("email") && !filters.contains("diagnosis"), filters);
        assertFalse(document.text().contains("_hmac"), "the blind index is in no schema");
        assertTrue(document.text().contains("ENCRYPTION_NOT_CONFIGURED") && document.text().contains("KEY_PROVIDER_UNAVAILABLE")
            && document.text().contains("DECRYPTION_FAILED"), "the module's codes are published");
    }

    @Test
    void theHistoryDocumentShowsSnapshotsWithoutTheEncryptedFields() {
        JsonNode document = OpenApiValidation.fetchValid(api, "/api/openapi.json");
        JsonNode schemas = document.at("/components/schemas");
        assertEquals("#/components/schemas/PatientHistorySnapshot",
            schemas.at("/PatientHistory/properties/snapshot/$ref").asText(), schemas.get("PatientHistory").toString());
        JsonNode snapshot = schemas.get("PatientHistorySnapshot");
        assertTrue(snapshot.at("/properties").has("name") && snapshot.at("/properties").has("id"), snapshot.toString());
        assertFalse(snapshot.at("/properties").has("email") || snapshot.at("/properties").has("diagnosis"),
            snapshot.toString());
        List<String> required = OpenApiValidation.strings(snapshot.at("/required"));
        assertTrue(required.contains("name") && !required.contains("email"), required.toString());
        assertFalse(snapshot.toString().contains("x-fx-encrypted"), snapshot.toString());
        assertTrue(schemas.at("/Patient/properties").has("email"), "the record itself still shows it");
        String id = create("Hal", unique("hal"), "cough");
        Api.Reply history = api.get(PATIENTS + "/" + id + "/history");
        Map<String, Object> row = history.list().get(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> kept = (Map<String, Object>) row.get("snapshot");
        assertNotNull(kept, row.toString());
        for (String field : kept.keySet()) {
            assertTrue(snapshot.at("/properties").has(field), field + " is documented: " + snapshot);
        }
    }

    @Test
    void aSoftDeleteModelKeepsItsBlindIndexUniqueAmongLiveRows() {
        String email = unique("sub");
        Api.Reply first = api.post("/api/subscribers", Map.of("email", email));
        assertEquals(201, first.status(), first.toString());
        Api.Reply duplicate = api.post("/api/subscribers", Map.of("email", email));
        assertEquals(409, duplicate.status(), duplicate.toString());
        assertEquals("CONFLICT", duplicate.code());
        assertFalse(duplicate.text().contains("_hmac"), duplicate.text());
        assertEquals(204, api.delete("/api/subscribers/" + first.createdId()).status());
        assertEquals(201, api.post("/api/subscribers", Map.of("email", email)).status(), "a deleted row frees its value");
    }
}
