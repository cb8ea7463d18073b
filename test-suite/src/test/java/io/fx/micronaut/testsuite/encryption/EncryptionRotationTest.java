package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.encryption.KeyRotation;
import io.fx.micronaut.encryption.RotationFailure;
import io.fx.micronaut.encryption.RotationReport;
import io.fx.micronaut.encryption.RotationRequest;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link KeyRotation} on a real database: legacy plain text encrypted, an interrupted rotation resumed (reruns
 * idempotent), a dry run, a preflight that finds corrupted rows and writes nothing, writes during a rotation, and
 * the refusals checked before anything is read. New writes use {@code next} ({@code active-keys.default}).
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "EncryptionRotationTest")
@Property(name = "encryption.test-keys", value = "true")
@Property(name = "encryption.test-models", value = "true")
@Property(name = "fx.encryption.provider", value = "env")
@Property(name = "fx.encryption.index-key", value = "index")
@Property(name = "fx.encryption.active-keys.default", value = "next")
@TestDatabase
class EncryptionRotationTest {

    @Inject
    Models models;
    @Inject
    KeyRotation rotation;
    @Inject
    Api api;

    @BeforeEach
    void empty() {
        models.execute("DELETE FROM \"patient_visits\"");
        models.execute("DELETE FROM \"patients\"");
    }

    /** Rows as an older version of the application left them: plain text, no blind index. */
    private List<String> legacyRows(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(UUID.randomUUID().toString());
        }
        ids.sort(null);
        for (int i = 0; i < count; i++) {
            String id = ids.get(i);
            models.execute("INSERT INTO \"patients\" (\"id\", \"created_at\", \"updated_at\", \"name\", \"email\", "
                + "\"diagnosis\") VALUES (CAST(? AS UUID), CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, ?, ?, ?)",
                id, "P" + i, "p" + i + "@example.com", "d" + i);
        }
        return ids;
    }

    private Map<String, Object> stored(String id) {
        return models.query("SELECT * FROM \"patients\" WHERE CAST(\"id\" AS VARCHAR(36)) = ?", id).get(0);
    }

    private static String keyIdOf(Object stored) {
        byte[] all = Base64.getDecoder().decode(stored.toString().substring(4));
        return new String(all, 2, all[1], java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static RotationRequest request(String from, String to, String after, int batch, int max, boolean dryRun) {
        return new RotationRequest("Patient", from, to, after, batch, max, dryRun);
    }

    @Test
    void legacyPlainTextIsEncryptedAndIndexed() {
        List<String> ids = legacyRows(3);
        assertEquals("p0@example.com", api.get("/api/patients/" + ids.get(0)).data().get("email"), "legacy reads as stored");
        RotationReport report = rotation.rotate(request(null, "default", null, 2, 0, false));
        assertEquals(new RotationReport(3, 3, 0, List.of(), ids.get(2), true), report);
        for (String id : ids) {
            Map<String, Object> row = stored(id);
            assertEquals("default", keyIdOf(row.get("email")));
            assertEquals("default", keyIdOf(row.get("diagnosis")), "every encrypted field, whatever its key name");
        }
        String email = (String) api.get("/api/patients/" + ids.get(1)).data().get("email");
        assertEquals(Keys.hmac("patients", "email", email), stored(ids.get(1)).get("email_hmac"));
        assertEquals(ids.get(1), models.of(Patient.class).findByUnique("email", email).orElseThrow().get("id"));
    }

    @Test
    void anInterruptedRotationResumesAndRerunsAreIdempotent() {
        List<String> ids = legacyRows(5);
        rotation.rotate(request(null, "default", null, 100, 0, false));
        RotationReport first = rotation.rotate(request("default", "next", null, 2, 3, false));
        assertEquals(3, first.scanned());
        assertEquals(3, first.rotated());
        assertEquals(ids.get(2), first.lastId());
        assertFalse(first.complete());
        assertEquals("next", keyIdOf(stored(ids.get(2)).get("email")));
        assertEquals("default", keyIdOf(stored(ids.get(3)).get("email")));
        assertEquals("p3@example.com", api.get("/api/patients/" + ids.get(3)).data().get("email"), "both keys still read");
        RotationReport resumed = rotation.rotate(request("default", "next", first.lastId(), 2, 0, false));
        assertEquals(new RotationReport(2, 2, 0, List.of(), ids.get(4), true), resumed);
        RotationReport rerun = rotation.rotate(request("default", "next", null, 2, 0, false));
        assertEquals(new RotationReport(5, 0, 5, List.of(), ids.get(4), true), rerun);
        for (String id : ids) {
            assertEquals("next", keyIdOf(stored(id).get("diagnosis")));
        }
    }

    @Test
    void aDryRunCountsAndWritesNothing() {
        List<String> ids = legacyRows(4);
        RotationReport dry = rotation.rotate(request(null, "default", null, 3, 0, true));
        assertEquals(new RotationReport(4, 4, 0, List.of(), null, false), dry);
        assertEquals("p0@example.com", stored(ids.get(0)).get("email"));
        assertNull(stored(ids.get(0)).get("email_hmac"));
    }

    @Test
    void thePreflightReportsCorruptedRowsAndNothingIsWritten() {
        List<String> ids = legacyRows(4);
        rotation.rotate(request(null, "default", null, 100, 0, false));
        Map<String, Object> tamperedRow = stored(ids.get(1));
        byte[] all = Base64.getDecoder().decode(tamperedRow.get("diagnosis").toString().substring(4));
        all[all.length - 1] ^= 1;
        models.execute("UPDATE \"patients\" SET \"diagnosis\" = ? WHERE CAST(\"id\" AS VARCHAR(36)) = ?",
            "enc:" + Base64.getEncoder().encodeToString(all), ids.get(1));
        models.execute("UPDATE \"patients\" SET \"email\" = ? WHERE CAST(\"id\" AS VARCHAR(36)) = ?", "enc:***", ids.get(2));
        models.execute("UPDATE \"patients\" SET \"email_hmac\" = ? WHERE CAST(\"id\" AS VARCHAR(36)) = ?", "00", ids.get(3));
        try (LogCapture logs = new LogCapture(org.slf4j.Logger.ROOT_LOGGER_NAME)) {
            RotationReport report = rotation.rotate(request("default", "next", null, 2, 0, false));
            assertEquals(4, report.scanned());
            assertEquals(0, report.rotated());
            assertNull(report.lastId());
            assertFalse(report.complete());
            assertEquals(List.of(
                    ids.get(1) + " diagnosis DECRYPT", ids.get(2) + " email DECODE", ids.get(3) + " email INDEX"),
                report.failures().stream().map(f -> f.recordId() + " " + f.field() + " " + f.stage()).toList());
            for (RotationFailure failure : report.failures()) {
                assertFalse(failure.reason().contains("@example.com") || failure.reason().contains("***"), failure.reason());
            }
            String text = EncryptionTest.everything(logs.events());
            assertFalse(text.contains("@example.com") || text.contains("d1"), text);
        }
        for (String id : List.of(ids.get(0), ids.get(1))) {
            assertEquals("default", keyIdOf(stored(id).get("email")), "nothing was written");
        }
    }

    @Test
    void writesDuringARotationLeaveEveryRowReadableUnderTheNewKey() throws Exception {
        List<String> ids = legacyRows(40);
        rotation.rotate(request(null, "default", null, 100, 0, false));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<RotationReport> rotating = pool.submit(() -> rotation.rotate(request("default", "next", null, 3, 0, false)));
            Future<?> writing = pool.submit(() -> {
                for (int i = 0; i < ids.size(); i += 2) {
                    Api.Reply updated = api.patch("/api/patients/" + ids.get(i), Map.of("email", "new" + i + "@example.com"));
                    assertEquals(200, updated.status(), updated.toString());
                }
                return null;
            });
            writing.get();
            RotationReport report = rotating.get();
            assertTrue(report.complete(), report.toString());
            assertTrue(report.failures().isEmpty(), report.toString());
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < ids.size(); i++) {
            Map<String, Object> row = stored(ids.get(i));
            assertEquals("next", keyIdOf(row.get("email")), "row " + i);
            assertEquals("next", keyIdOf(row.get("diagnosis")), "row " + i);
            String expected = i % 2 == 0 ? "new" + i + "@example.com" : "p" + i + "@example.com";
            assertEquals(expected, api.get("/api/patients/" + ids.get(i)).data().get("email"));
            assertEquals(Keys.hmac("patients", "email", expected), row.get("email_hmac"));
        }
    }

    @Test
    void refusalsComeBeforeAnythingIsRead() {
        assertThrows(IllegalArgumentException.class, () -> rotation.rotate(RotationRequest.of("Nobody", null, "next")));
        assertThrows(IllegalArgumentException.class, () -> rotation.rotate(RotationRequest.of("Ticket", null, "next")));
        IllegalArgumentException unknownKey = assertThrows(IllegalArgumentException.class,
            () -> rotation.rotate(RotationRequest.of("Patient", "default", "missing")));
        assertTrue(unknownKey.getMessage().contains("missing"), unknownKey.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rotation.rotate(RotationRequest.of("Patient", "default", "Bad Id")));
    }
}
