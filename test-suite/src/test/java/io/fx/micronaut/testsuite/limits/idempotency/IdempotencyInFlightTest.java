package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.fx.micronaut.testsuite.model.ModelPaths.TICKETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A first request still running, with a short {@code fx.idempotency.wait} (300 ms) and {@code ttl} (1 s): a second
 * request with the same key and body waits and then answers 409 {@code IDEMPOTENCY_KEY_IN_USE} with
 * {@code Retry-After: 1}, one with another body 422 at once; once the first finishes, the answer is replayed; a
 * completed entry expires after its time to live and the key then runs anew.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdempotencyInFlightTest implements TestPropertyProvider {

    static final String SPEC = "IdempotencyInFlightTest";
    private static final String SLOW = "/api" + InFlightBeans.SLOW;

    @Inject
    Api api;
    @Inject
    InFlightBeans.Gate gate;
    @Inject
    HandlerCalls calls;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("spec.name", SPEC,
            "fx.idempotency.store", "memory",
            "fx.idempotency.models", "Ticket",
            "fx.idempotency.wait", "300ms",
            "fx.idempotency.ttl", "1s");
    }

    @BeforeEach
    void closeTheGate() {
        gate.reset();
    }

    private Reply post(String path, String body, String key) {
        return api.send("POST", path, body, Map.of(IdempotencyTest.KEY, key));
    }

    @Test
    void aRequestWhileTheFirstRunsWaitsThenAnswersInUseAndReplaysOnceItFinished() throws Exception {
        String key = IdempotencyTest.key();
        int before = calls.count(InFlightBeans.SLOW);
        CompletableFuture<Reply> first = CompletableFuture.supplyAsync(() -> post(SLOW, "{\"n\":1}", key));
        try {
            assertTrue(gate.started.await(10, TimeUnit.SECONDS), "the first request reached its handler");
            Reply busy = post(SLOW, "{\"n\":1}", key);
            assertEquals(409, busy.status(), busy::toString);
            assertEquals("IDEMPOTENCY_KEY_IN_USE", busy.code());
            assertEquals("1", busy.header("Retry-After"));
            Reply other = post(SLOW, "{\"n\":2}", key);
            assertEquals(422, other.status(), other::toString);
            assertEquals("IDEMPOTENCY_KEY_REUSED", other.code());
        } finally {
            gate.release.countDown();
        }
        Reply done = first.get(30, TimeUnit.SECONDS);
        assertEquals(200, done.status(), done::toString);
        Reply replay = post(SLOW, "{\"n\":1}", key);
        assertEquals("true", replay.header(IdempotencyTest.REPLAYED));
        assertEquals(done.text(), replay.text());
        assertEquals(before + 1, calls.count(InFlightBeans.SLOW), "the handler ran once");
    }

    @Test
    void aWaitingRequestReplaysWhenTheFirstFinishesInTime() throws Exception {
        String key = IdempotencyTest.key();
        CompletableFuture<Reply> first = CompletableFuture.supplyAsync(() -> post(SLOW, "{\"n\":3}", key));
        CompletableFuture<Reply> second;
        try {
            assertTrue(gate.started.await(10, TimeUnit.SECONDS), "the first request reached its handler");
            second = CompletableFuture.supplyAsync(() -> post(SLOW, "{\"n\":3}", key));
        } finally {
            gate.release.countDown();
        }
        Reply done = first.get(30, TimeUnit.SECONDS);
        Reply waited = second.get(30, TimeUnit.SECONDS);
        assertEquals(200, waited.status(), waited::toString);
        assertEquals("true", waited.header(IdempotencyTest.REPLAYED));
        assertEquals(done.text(), waited.text());
    }

    @Test
    void aCompletedEntryExpiresAfterItsTimeToLive() throws Exception {
        String key = IdempotencyTest.key();
        String subject = "ttl-" + UUID.randomUUID();
        String body = "{\"subject\":\"" + subject + "\"}";
        String first = post(TICKETS, body, key).createdId();
        Reply replay = post(TICKETS, body, key);
        assertEquals("true", replay.header(IdempotencyTest.REPLAYED));
        assertEquals(first, replay.data().get("id"));
        Thread.sleep(1_500);
        Reply later = post(TICKETS, body, key);
        assertEquals(201, later.status(), later::toString);
        assertNull(later.header(IdempotencyTest.REPLAYED), "the entry expired");
        assertNotEquals(first, later.data().get("id"));
        assertEquals(2, api.count(TICKETS + Api.query("filter", "subject:eq:" + subject)));
    }
}
