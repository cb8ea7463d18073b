package io.fx.micronaut.events.audit;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AuditRecordTest {

    private static final AuditCaller CALLER = new AuditCaller("alice", List.of("editor"), "t1", "s-1", "jwt", "r-1",
        "4bf92f3577b34da6a3ce929d0e0e4736", "svc", "203.0.113.9", "agent/1");

    @Test
    void aWriteRecordHasTheWriteFieldsInOrderAndLeavesOutAbsentOnes() {
        AuditRecord record = new AuditRecord(AuditKind.WRITE, Instant.parse("2026-01-02T03:04:05Z"), "Post", "update",
            "id-1", null, CALLER, AuditRecord.SUCCESS, null, null, Map.of("title", new FieldChange("a", null)));
        Map<String, Object> map = record.toMap();
        assertEquals(List.of("kind", "timestamp", "model", "operation", "record_id", "actor", "roles", "tenant_id",
            "auth_method", "request_id", "trace_id", "service_name", "ip_address", "result", "changes"),
            List.copyOf(map.keySet()));
        assertEquals("2026-01-02T03:04:05Z", map.get("timestamp"));
        Map<?, ?> change = (Map<?, ?>) ((Map<?, ?>) map.get("changes")).get("title");
        assertEquals("a", change.get("from"));
        assertFalse(change.containsKey("to") && change.get("to") != null);
        assertEquals(2, change.size(), "a null 'to' is kept: the field was cleared");
    }

    @Test
    void aReadRecordHasTheSessionAndUserAgentAndACount() {
        AuditRecord record = new AuditRecord(AuditKind.READ, Instant.EPOCH, "Post", "list", null, 3,
            new AuditCaller(null, null, null, "s-2", null, "r-2", null, null, null, "agent/2"), null, null, null,
            null);
        Map<String, Object> map = record.toMap();
        assertEquals(List.of("kind", "timestamp", "model", "operation", "record_count", "roles", "session_id",
            "request_id", "user_agent"), List.copyOf(map.keySet()));
        assertEquals(3, map.get("record_count"));
        assertEquals(List.of(), map.get("roles"));
    }

    @Test
    void theRequiredPartsAreChecked() {
        assertThrows(NullPointerException.class, () -> new AuditRecord(AuditKind.READ, Instant.EPOCH, null, "read",
            null, null, CALLER, null, null, null, Map.of()));
    }
}
