package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.FieldChange;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Write audit through the server: one record per write that reaches the DB step, after its commit
 * ({@code success}) or rollback ({@code failure} with the answer's status and code); changes on update when asked
 * for (the spec's form: DB step {@code BEFORE} with changes, on {@link AuditLedger}), none from configuration
 * ({@code fx.audit.write.models}, position {@code AFTER}, on {@link AuditMemo}); redacted and write-only fields
 * never in a record; no record for a write refused before the DB step; the caller's principal, trace id and
 * address.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "AuditWriteTest")
@Property(name = "fx.audit.write.models", value = "AuditMemo,Parcel,ParcelTag,ParcelNote")
@Property(name = "fx.audit.write.sink", value = "recording")
@Property(name = "fx.audit.read.sink", value = "recording")
@Property(name = "fx.client-ip.trusted-proxies", value = "127.0.0.2")
@TestDatabase
class AuditWriteTest {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Inject
    Api api;
    @Inject
    RecordingSink sink;
    @Inject
    EmbeddedServer server;

    @BeforeEach
    void clear() {
        sink.clear();
    }

    private Api alice() {
        return api.with(Map.of("X-Test-User", "alice", "X-Test-Roles", "editor,auditor", "X-Test-Tenant", "t1",
            "X-Test-Session", "s-1", "traceparent", TRACEPARENT, "User-Agent", "audit-test/1.0"));
    }

    @Test
    void createUpdateAndDeleteRecordSuccessWithTheCallerAndTheChanges() throws Exception {
        Instant before = Instant.now();
        Api.Reply created = alice().post("/api/audit_ledgers", Map.of("name", "ledger-a", "amount", 10,
            "secret", "top-s3cret", "pin", "pin-4321"));
        assertEquals(201, created.status(), created.text());
        String id = (String) created.data().get("id");
        AuditRecord create = sink.next();
        assertEquals(AuditKind.WRITE, create.kind());
        assertEquals("AuditLedger", create.model());
        assertEquals("create", create.operation());
        assertEquals(id, create.recordId());
        assertEquals(AuditRecord.SUCCESS, create.result());
        assertNull(create.status());
        assertNull(create.errorCode());
        assertTrue(create.changes().isEmpty(), "a create carries no changes");
        assertFalse(create.timestamp().isBefore(before.minusSeconds(1)));
        assertEquals("alice", create.caller().actor());
        assertEquals(List.of("editor", "auditor"), create.caller().roles());
        assertEquals("t1", create.caller().tenantId());
        assertEquals("test", create.caller().authMethod());
        assertEquals(created.header("X-Request-Id"), create.caller().requestId());
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", create.caller().traceId());
        assertEquals("fx-suite", create.caller().serviceName());
        assertEquals("127.0.0.1", create.caller().ipAddress());
        Map<String, Object> json = create.toMap();
        assertEquals("write", json.get("kind"));
        assertEquals(id, json.get("record_id"));
        assertEquals("success", json.get("result"));
        assertFalse(json.containsKey("session_id"), "the write record's fields are the issue's list");
        assertFalse(json.containsKey("user_agent"));

        assertEquals(200, alice().patch("/api/audit_ledgers/" + id, Map.of("amount", 11, "secret", "new-s3cret",
            "pin", "pin-9999")).status());
        AuditRecord update = sink.next();
        assertEquals("update", update.operation());
        assertEquals(id, update.recordId());
        assertEquals(Map.of("amount", new FieldChange(10, 11)), normalised(update.changes()),
            "only the readable, unredacted field that changed");
        assertEquals(Map.of("amount", Map.of("from", 10, "to", 11)), normalisedJson(update.toMap().get("changes")));

        assertEquals(204, alice().delete("/api/audit_ledgers/" + id).status());
        AuditRecord delete = sink.next();
        assertEquals("delete", delete.operation());
        assertEquals(id, delete.recordId());
        assertEquals(AuditRecord.SUCCESS, delete.result());
        assertTrue(delete.changes().isEmpty());
        for (AuditRecord record : List.of(create, update, delete)) {
            String text = record.toString() + record.toMap();
            assertFalse(text.contains("s3cret") || text.contains("pin-"), "no redacted value: " + text);
        }
        sink.assertNothingWithin(Duration.ofMillis(300));
    }

    @Test
    void aConfiguredAuditRecordsWithoutChangesAndAnonymousCallersHaveNoActor() throws Exception {
        String id = api.create("/api/audit_memos", Map.of("title", "memo-1", "body", "one"));
        AuditRecord create = sink.next();
        assertEquals("AuditMemo", create.model());
        assertEquals(id, create.recordId());
        assertNull(create.caller().actor());
        assertEquals(List.of(), create.caller().roles());
        assertNull(create.caller().traceId());
        assertEquals(200, api.patch("/api/audit_memos/" + id, Map.of("body", "two")).status());
        AuditRecord update = sink.next();
        assertEquals("update", update.operation());
        assertTrue(update.changes().isEmpty(), "fx.audit.write.changes is off");
        assertFalse(update.toMap().containsKey("changes"));
    }

    @Test
    void aRollbackRecordsFailureWithTheStatusAndCode() throws Exception {
        Api.Reply refused = alice().post("/api/audit_ledgers", Map.of("name", "refuse-me"));
        assertEquals(422, refused.status(), refused.text());
        AuditRecord failure = sink.next();
        assertEquals("create", failure.operation());
        assertEquals(AuditRecord.FAILURE, failure.result());
        assertEquals(422, failure.status());
        assertEquals("VALIDATION_ERROR", failure.errorCode());
        assertNotNull(failure.recordId(), "the id the insert had before the rollback");
        assertEquals("alice", failure.caller().actor());
        assertEquals(0, api.count("/api/audit_ledgers?filter=name:eq:refuse-me"), "rolled back");
        sink.assertNothingWithin(Duration.ofMillis(300));
    }

    @Test
    void aUniqueConflictRollsBackTheRequestsOrTheStoresOwnTransaction() throws Exception {
        api.create("/api/audit_ledgers", Map.of("name", "twice"));
        sink.next();
        Api.Reply conflict = api.post("/api/audit_ledgers", Map.of("name", "twice"));
        assertEquals(409, conflict.status(), conflict.text());
        AuditRecord failure = sink.next();
        assertEquals(AuditRecord.FAILURE, failure.result());
        assertEquals(409, failure.status());
        assertEquals(conflict.code(), failure.errorCode());

        api.create("/api/audit_memos", Map.of("title", "twice"));
        sink.next();
        Api.Reply memoConflict = api.post("/api/audit_memos", Map.of("title", "twice"));
        assertEquals(409, memoConflict.status(), memoConflict.text());
        AuditRecord memoFailure = sink.next();
        assertEquals("AuditMemo", memoFailure.model());
        assertEquals(AuditRecord.FAILURE, memoFailure.result());
        assertEquals(409, memoFailure.status());
        assertEquals(memoConflict.code(), memoFailure.errorCode());
    }

    @Test
    void aWriteRefusedBeforeTheDbStepRecordsNothing() throws Exception {
        Api.Reply forbidden = api.with(Map.of("X-Test-Refuse", "yes")).post("/api/audit_ledgers",
            Map.of("name", "never"));
        assertEquals(403, forbidden.status(), forbidden.text());
        Api.Reply invalid = api.post("/api/audit_ledgers", Map.of("amount", 1));
        assertEquals(422, invalid.status(), invalid.text());
        Api.Reply missing = api.patch("/api/audit_memos/00000000-0000-0000-0000-000000000000", Map.of("body", "x"));
        assertEquals(404, missing.status(), missing.text());
        sink.assertNothingWithin(Duration.ofMillis(500));
    }

    @Test
    void anInvalidTraceparentGivesNoTraceId() throws Exception {
        api.with(Map.of("traceparent", "00-00000000000000000000000000000000-00f067aa0ba902b7-01"))
            .create("/api/audit_memos", Map.of("title", "zero-trace"));
        assertNull(sink.next().caller().traceId(), "an all-zero trace id is invalid");
        api.with(Map.of("traceparent", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01"))
            .create("/api/audit_memos", Map.of("title", "upper-trace"));
        assertNull(sink.next().caller().traceId(), "upper-case hex is invalid");
        api.with(Map.of("traceparent", "garbage")).create("/api/audit_memos", Map.of("title", "garbage-trace"));
        assertNull(sink.next().caller().traceId());
    }

    @Test
    void rowsACascadeTouchesAreNotTheRequestsWrite() throws Exception {
        String parcel = api.create("/api/parcels", Map.of("label", "audited-parent"));
        String tag = api.create("/api/parcel_tags", Map.of("parcel_id", parcel, "name", "child"));
        api.create("/api/parcel_notes", Map.of("parcel_id", parcel, "text", "kept"));
        assertEquals(List.of("Parcel", "ParcelTag", "ParcelNote"), sink.await(3).stream().map(AuditRecord::model)
            .toList());
        assertEquals(204, api.delete("/api/parcels/" + parcel).status());
        AuditRecord delete = sink.next();
        assertEquals("Parcel", delete.model());
        assertEquals(parcel, delete.recordId());
        assertEquals(404, api.get("/api/parcel_tags/" + tag).status(), "the cascade deleted the tag");
        sink.assertNothingWithin(Duration.ofMillis(400));
    }

    @Test
    void theWritersAddressComesFromATrustedProxyOnly() throws Exception {
        assertEquals("127.0.0.6", rawCreate("127.0.0.6", "spoofed").caller().ipAddress(),
            "an untrusted peer's X-Forwarded-For is ignored");
        assertEquals("198.51.100.4", rawCreate("127.0.0.2", "proxied").caller().ipAddress(),
            "a trusted proxy names the client");
    }

    private AuditRecord rawCreate(String from, String title) throws InterruptedException {
        String body = "{\"title\":\"" + title + "\"}";
        RawHttp.Answer answer = new RawHttp("127.0.0.1", server.getPort()).from(from).send("POST /api/audit_memos "
            + "HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
            + "\r\nX-Forwarded-For: 198.51.100.4\r\nConnection: close\r\n\r\n" + body);
        assertEquals(201, answer.status(), answer.toString());
        AuditRecord record = sink.next();
        assertEquals("create", record.operation());
        return record;
    }

    private static Map<String, FieldChange> normalised(Map<String, FieldChange> changes) {
        Map<String, FieldChange> out = new java.util.LinkedHashMap<>();
        changes.forEach((k, v) -> out.put(k, new FieldChange(number(v.from()), number(v.to()))));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> normalisedJson(Object changes) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        ((Map<String, Map<String, Object>>) changes).forEach((k, v) -> out.put(k,
            Map.of("from", number(v.get("from")), "to", number(v.get("to")))));
        return out;
    }

    private static Object number(Object value) {
        return value instanceof Number n ? n.intValue() : value;
    }
}
