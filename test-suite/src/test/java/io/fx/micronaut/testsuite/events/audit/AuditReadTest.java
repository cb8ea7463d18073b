package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
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
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Read audit through the server ({@code fx.audit.read.models}): one record per 2xx read (record id), list and
 * history read (rows returned), none for a 4xx or a write; the caller's session and user agent; the client address
 * from a trusted proxy's {@code X-Forwarded-For} only.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "AuditReadTest")
@Property(name = "fx.audit.read.models", value = "AuditLedger")
@Property(name = "fx.audit.read.sink", value = "recording")
@Property(name = "fx.audit.write.sink", value = "log")
@Property(name = "fx.client-ip.trusted-proxies", value = "127.0.0.2/32")
@TestDatabase
class AuditReadTest {

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

    @Test
    void aReadRecordsTheRecordIdAndTheCaller() throws Exception {
        String id = api.create("/api/audit_ledgers", Map.of("name", "read-me", "pin", "pin-1"));
        Api.Reply read = api.with(Map.of("X-Test-User", "bob", "X-Test-Roles", "viewer", "X-Test-Tenant", "t2",
                "X-Test-Session", "sess-9", "User-Agent", "audit-reader/2.0",
                "traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"))
            .get("/api/audit_ledgers/" + id.toUpperCase());
        assertEquals(200, read.status(), read.text());
        AuditRecord record = sink.next();
        assertEquals(AuditKind.READ, record.kind());
        assertEquals("AuditLedger", record.model());
        assertEquals("read", record.operation());
        assertEquals(id, record.recordId(), "the stored id");
        assertNull(record.recordCount());
        assertEquals("bob", record.caller().actor());
        assertEquals(List.of("viewer"), record.caller().roles());
        assertEquals("t2", record.caller().tenantId());
        assertEquals("sess-9", record.caller().sessionId());
        assertEquals("test", record.caller().authMethod());
        assertEquals("audit-reader/2.0", record.caller().userAgent());
        assertEquals("0af7651916cd43dd8448eb211c80319c", record.caller().traceId());
        assertEquals(read.header("X-Request-Id"), record.caller().requestId());
        assertEquals("fx-suite", record.caller().serviceName());
        assertEquals("127.0.0.1", record.caller().ipAddress());
        assertNull(record.result());
        Map<String, Object> json = record.toMap();
        assertEquals("read", json.get("kind"));
        assertEquals("sess-9", json.get("session_id"));
        assertEquals("audit-reader/2.0", json.get("user_agent"));
        assertFalse(json.containsKey("result"));
        assertFalse(json.toString().contains("pin-1"));
        sink.assertNothingWithin(Duration.ofMillis(300));
    }

    @Test
    void aListAndAHistoryReadRecordTheRowsReturned() throws Exception {
        String id = api.create("/api/audit_ledgers", Map.of("name", "listed-1", "amount", 1));
        api.create("/api/audit_ledgers", Map.of("name", "listed-2"));
        api.create("/api/audit_ledgers", Map.of("name", "listed-3"));
        assertEquals(200, api.patch("/api/audit_ledgers/" + id, Map.of("amount", 2)).status());
        Api.Reply list = api.get("/api/audit_ledgers?limit=2");
        assertEquals(200, list.status(), list.text());
        AuditRecord listed = sink.next();
        assertEquals("list", listed.operation());
        assertEquals(list.list().size(), listed.recordCount());
        assertEquals(2, listed.recordCount());
        assertNull(listed.recordId());

        Api.Reply history = api.get("/api/audit_ledgers/" + id + "/history");
        assertEquals(200, history.status(), history.text());
        AuditRecord historyRead = sink.next();
        assertEquals("read_history", historyRead.operation());
        assertEquals(id, historyRead.recordId());
        assertEquals(2, historyRead.recordCount(), "the create and the update");
        assertEquals(history.list().size(), historyRead.recordCount());
        sink.assertNothingWithin(Duration.ofMillis(300));
    }

    @Test
    void noRecordForA4xxOrAWrite() throws Exception {
        String id = api.create("/api/audit_ledgers", Map.of("name", "not-read"));
        assertEquals(404, api.get("/api/audit_ledgers/00000000-0000-0000-0000-000000000000").status());
        assertEquals(403, api.with(Map.of("X-Test-Refuse", "yes")).get("/api/audit_ledgers/" + id).status());
        assertEquals(400, api.get("/api/audit_ledgers?sort=nosuchfield").status());
        assertEquals(200, api.patch("/api/audit_ledgers/" + id, Map.of("amount", 3)).status());
        assertEquals(204, api.delete("/api/audit_ledgers/" + id).status());
        sink.assertNothingWithin(Duration.ofMillis(500));
    }

    @Test
    void theClientAddressIsTheForwardedOneOnlyFromATrustedProxy() throws Exception {
        String id = api.create("/api/audit_ledgers", Map.of("name", "proxied"));
        String request = "GET /api/audit_ledgers/" + id + " HTTP/1.1\r\nHost: localhost\r\n"
            + "X-Forwarded-For: 203.0.113.9\r\nConnection: close\r\n\r\n";
        RawHttp.Answer spoofed = new RawHttp("127.0.0.1", server.getPort()).from("127.0.0.5").send(request);
        assertEquals(200, spoofed.status(), spoofed.toString());
        assertEquals("127.0.0.5", sink.next().caller().ipAddress(), "an untrusted peer's header is ignored");
        RawHttp.Answer proxied = new RawHttp("127.0.0.1", server.getPort()).from("127.0.0.2").send(request);
        assertEquals(200, proxied.status(), proxied.toString());
        assertEquals("203.0.113.9", sink.next().caller().ipAddress(), "a trusted proxy names the client");
    }
}
