package io.fx.micronaut.testsuite.events.audit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.cloudevents.CloudEvent;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditStatistics;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The built-in sinks, each on a server of its own: {@code log} (one JSON line on the logger {@code fx.audit}),
 * {@code redis} (an entry {@code record <json>} on the machine's Redis, a stream per test; a Redis that is down
 * fails the record, counted and logged, and never the request) and {@code events} ({@code audit.write} and
 * {@code audit.read} through the outbox).
 */
@TestDatabase
class AuditSinkTest {

    private static final String SPEC = "AuditSinkTest";
    private static final Argument<Map<String, Object>> MAP = Argument.mapOf(String.class, Object.class);

    private static EmbeddedServer start(String sink, Object... extra) {
        Object[] all = new Object[extra.length + 10];
        Object[] base = {"fx.audit.write.models", "AuditMemo", "fx.audit.read.models", "AuditMemo",
            "fx.audit.write.sink", sink, "fx.audit.read.sink", sink, "fx.service-name", "sink-suite"};
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, all));
    }

    @Test
    void theLogSinkWritesOneJsonLinePerRecord() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger("fx.audit");
        Level level = logger.getLevel();
        logger.setLevel(Level.INFO);
        try (EmbeddedServer server = start("log", "fx.audit.write.changes", "true");
             LogCapture log = new LogCapture("fx.audit")) {
            Api api = new Api(server);
            JsonMapper json = server.getApplicationContext().getBean(JsonMapper.class);
            String id = api.create("/api/audit_memos", Map.of("title", "logged", "body", "b"));
            assertEquals(200, api.get("/api/audit_memos/" + id).status());
            assertEquals(200, api.patch("/api/audit_memos/" + id, Map.of("body", "c")).status());
            Waits.until(() -> log.events().size() >= 3, "three audit lines");
            List<String> lines = log.events().stream().map(e -> e.getFormattedMessage()).toList();
            assertTrue(lines.stream().noneMatch(line -> line.contains("\n")), "one line each");
            Map<String, Object> write = json.readValue(lines.stream().filter(l -> l.contains("\"kind\":\"write\""))
                .findFirst().orElseThrow(), MAP);
            assertEquals("AuditMemo", write.get("model"));
            assertEquals("create", write.get("operation"));
            assertEquals(id, write.get("record_id"));
            assertEquals("success", write.get("result"));
            assertEquals("sink-suite", write.get("service_name"));
            assertNotNull(write.get("timestamp"));
            assertNotNull(write.get("request_id"));
            Map<String, Object> read = json.readValue(lines.stream().filter(l -> l.contains("\"kind\":\"read\""))
                .findFirst().orElseThrow(), MAP);
            assertEquals("read", read.get("operation"));
            assertEquals(id, read.get("record_id"));
            assertEquals(Level.INFO, log.events().get(0).getLevel());
            Map<String, Object> update = json.readValue(lines.stream().filter(l -> l.contains("\"update\""))
                .findFirst().orElseThrow(), MAP);
            assertEquals(Map.of("body", Map.of("from", "b", "to", "c")), update.get("changes"),
                "fx.audit.write.changes: the update's changes");
        } finally {
            logger.setLevel(level);
        }
    }

    @Test
    void theRedisSinkAddsAStreamEntry() throws Exception {
        String stream = "fx-audit-test-" + UUID.randomUUID();
        try (EmbeddedServer server = start("redis", "redis.uri", "redis://127.0.0.1:6379",
                 "fx.audit.redis.stream", stream);
             RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
             StatefulRedisConnection<String, String> redis = client.connect()) {
            try {
                Api api = new Api(server);
                JsonMapper json = server.getApplicationContext().getBean(JsonMapper.class);
                String id = api.create("/api/audit_memos", Map.of("title", "streamed"));
                Waits.until(() -> redis.sync().xlen(stream) >= 1, "an entry in " + stream);
                List<StreamMessage<String, String>> entries = redis.sync().xrange(stream, Range.create("-", "+"));
                assertEquals(1, entries.size());
                assertEquals(List.of("record"), List.copyOf(entries.get(0).getBody().keySet()));
                Map<String, Object> record = json.readValue(entries.get(0).getBody().get("record"), MAP);
                assertEquals("write", record.get("kind"));
                assertEquals(id, record.get("record_id"));
                assertEquals("success", record.get("result"));
                AuditStatistics statistics = server.getApplicationContext().getBean(AuditStatistics.class);
                Waits.until(() -> statistics.delivered(AuditKind.WRITE) == 1, "counted as delivered");
            } finally {
                redis.sync().del(stream);
            }
        }
    }

    @Test
    void aRedisThatIsDownFailsTheRecordNeverTheRequest() throws Exception {
        try (EmbeddedServer server = start("redis", "redis.uri", "redis://127.0.0.1:" + Ports.free(),
                 "fx.audit.redis.timeout", "500ms");
             LogCapture log = new LogCapture("io.fx.micronaut.events.audit.internal.AuditLane")) {
            Api api = new Api(server);
            long started = System.nanoTime();
            Api.Reply created = api.post("/api/audit_memos", Map.of("title", "unstreamed"));
            assertEquals(201, created.status(), created.text());
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < 3000, "not held up by Redis");
            AuditStatistics statistics = server.getApplicationContext().getBean(AuditStatistics.class);
            Waits.until(() -> statistics.failed(AuditKind.WRITE) == 1, "the record failed");
            assertTrue(log.text().contains("sink 'redis' failed"), log.text());
            assertFalse(log.text().contains("unstreamed"), "no record content in the log");
        }
    }

    @Test
    void theEventsSinkPublishesAuditEventsThroughTheOutbox() throws Exception {
        try (EmbeddedServer server = start("events", "fx.events.poll-interval", "200ms")) {
            Api api = new Api(server);
            JsonMapper json = server.getApplicationContext().getBean(JsonMapper.class);
            LinkedBlockingQueue<CloudEvent> received = new LinkedBlockingQueue<>();
            EventBus bus = server.getApplicationContext().getBean(EventBus.class);
            try (AutoCloseable subscription = bus.subscribe(new Subscription("audit-" + UUID.randomUUID(),
                List.of("audit.*"), received::add))) {
                String id = api.create("/api/audit_memos", Map.of("title", "evented"));
                CloudEvent write = received.poll(10, TimeUnit.SECONDS);
                assertNotNull(write, "audit.write within 10 s");
                Api.Reply list = api.get("/api/audit_memos?limit=5");
                assertEquals(200, list.status(), list.text());
                CloudEvent read = received.poll(10, TimeUnit.SECONDS);
                assertNotNull(read, "audit.read within 10 s");
                assertEquals("audit.write", write.getType());
                assertEquals("AuditMemo/" + id, write.getSubject());
                Map<String, Object> data = json.readValue(write.getData().toBytes(), MAP);
                assertEquals(id, data.get("record_id"));
                assertEquals("success", data.get("result"));
                assertEquals("audit.read", read.getType());
                Map<String, Object> readData = json.readValue(read.getData().toBytes(), MAP);
                assertEquals("list", readData.get("operation"));
                assertEquals(list.list().size(), ((Number) readData.get("record_count")).intValue());
            }
        }
    }
}
