package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditStatistics;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records reach the sink off the request's thread: a slow sink is interrupted at {@code fx.audit.timeout} (counted,
 * logged) while the responses stay fast; a full queue drops records and counts them; a failing sink is logged and
 * counted; none of it changes a response.
 */
@TestDatabase
class AuditDeliveryTest {

    private static final String SPEC = "AuditDeliveryTest";
    private static final String LANE_LOG = "io.fx.micronaut.events.audit.internal.AuditLane";

    private static EmbeddedServer start(Object... extra) {
        Object[] base = {"fx.audit.write.models", "AuditMemo", "fx.audit.read.models", "AuditMemo",
            "fx.audit.write.sink", "recording", "fx.audit.read.sink", "recording"};
        Object[] all = new Object[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, all));
    }

    private static long millis(Runnable request) {
        long started = System.nanoTime();
        request.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }

    @Test
    void aSlowSinkTimesOutAndTheResponseDoesNotWait() throws Exception {
        try (EmbeddedServer server = start("fx.audit.timeout", "3s");
             LogCapture log = new LogCapture(LANE_LOG)) {
            Api api = new Api(server);
            RecordingSink sink = server.getApplicationContext().getBean(RecordingSink.class);
            AuditStatistics statistics = server.getApplicationContext().getBean(AuditStatistics.class);
            String id = api.create("/api/audit_memos", Map.of("title", "slow"));
            sink.next();
            assertEquals(200, api.get("/api/audit_memos/" + id).status(), "warm");
            sink.next();
            sink.delay(Duration.ofSeconds(10));
            long fast = millis(() -> assertEquals(200, api.get("/api/audit_memos/" + id).status()));
            assertTrue(fast < 2500, "the read answered in " + fast + " ms while its sink sleeps 10 s and times out after 3 s");
            Waits.until(() -> statistics.timedOut(AuditKind.READ) == 1, "the sink call timed out");
            assertTrue(log.text().contains("did not finish") && log.text().contains("within PT3S"), log.text());
            sink.delay(Duration.ZERO);
            assertEquals(200, api.get("/api/audit_memos/" + id).status());
            assertEquals("read", sink.next().operation(), "the interrupted thread serves the next record");
            sink.assertNothingWithin(Duration.ofMillis(200));
            Waits.until(() -> statistics.delivered(AuditKind.READ) == 2, "two delivered");
        }
    }

    @Test
    void aFullQueueDropsAndCountsRecords() throws Exception {
        try (EmbeddedServer server = start("fx.audit.queue-size", "1", "fx.audit.threads", "1");
             LogCapture log = new LogCapture(LANE_LOG)) {
            Api api = new Api(server);
            RecordingSink sink = server.getApplicationContext().getBean(RecordingSink.class);
            AuditStatistics statistics = server.getApplicationContext().getBean(AuditStatistics.class);
            String id = api.create("/api/audit_memos", Map.of("title", "flood"));
            sink.next();
            CountDownLatch gate = new CountDownLatch(1);
            sink.hold(gate);
            for (int i = 0; i < 6; i++) {
                long took = millis(() -> assertEquals(200, api.get("/api/audit_memos/" + id).status()));
                assertTrue(took < 2500, "a read answered in " + took + " ms while the sink is held");
            }
            assertEquals(4, statistics.dropped(AuditKind.READ), "one at the sink, one queued, four dropped");
            assertTrue(log.text().contains("queue is full"), log.text());
            gate.countDown();
            assertEquals(2, sink.await(2).size());
            sink.assertNothingWithin(Duration.ofMillis(300));
            Waits.until(() -> statistics.delivered(AuditKind.READ) == 2, "two delivered");
            assertEquals(0, statistics.dropped(AuditKind.WRITE));
            MeterRegistry meters = server.getApplicationContext().getBean(MeterRegistry.class);
            assertEquals(4.0, meters.get("fx.audit.dropped").tag("kind", "read").functionCounter().count());
            assertEquals(2.0, meters.get("fx.audit.delivered").tag("kind", "read").functionCounter().count());
        }
    }

    @Test
    void aFailingSinkIsLoggedAndCounted() throws Exception {
        try (EmbeddedServer server = start(); LogCapture log = new LogCapture(LANE_LOG)) {
            Api api = new Api(server);
            RecordingSink sink = server.getApplicationContext().getBean(RecordingSink.class);
            AuditStatistics statistics = server.getApplicationContext().getBean(AuditStatistics.class);
            sink.failing(true);
            Api.Reply created = api.post("/api/audit_memos", Map.of("title", "failing"));
            assertEquals(201, created.status(), created.text());
            assertEquals(200, api.get("/api/audit_memos/" + created.data().get("id")).status());
            Waits.until(() -> statistics.failed(AuditKind.WRITE) == 1 && statistics.failed(AuditKind.READ) == 1,
                "both records failed");
            assertTrue(log.text().contains("sink 'recording' failed"), log.text());
        }
    }

    /** A meter registry, so the audit's counters are registered. */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Meters {

        @Singleton
        MeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }
}
