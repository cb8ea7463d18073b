package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = ProbeBeans.SPEC)
@TestDatabase
@Property(name = "fx.probes.publish-readiness-checks", value = "true")
@Property(name = "fx.health-timeout", value = "1s")
@Property(name = "fx.health-check-db", value = "true")
class ProbesTest {

    @Inject
    ProbeBeans.ControlledCheck check;
    @Inject
    ProbeBeans.SharedProbeMiddleware shared;
    @Inject
    Api api;

    @AfterEach
    void reset() {
        check.fail.set(false);
        check.sleepMillis = 0;
    }

    @Test
    void liveIsAlwaysOk() {
        Api.Reply live = api.get("/api/live");
        assertEquals(200, live.status());
        assertEquals(Map.of("status", "ok"), live.body());
        assertEquals("LIVE", live.header("X-Probe-Shared"));
    }

    @Test
    void readyRunsTheDatabasePingAndEveryCheckAndPublishesThem() {
        Api.Reply ready = api.get("/api/ready");
        assertEquals(200, ready.status(), ready.toString());
        assertEquals(Map.of("status", "ok", "checks", Map.of("db", "ok", "queue", "ok")), ready.body());
        assertEquals("yes", ready.header("X-Ready-Only"), "per-probe middleware wraps /ready");
        assertEquals("READY", ready.header("X-Probe-Shared"));
        assertEquals(null, api.get("/api/live").header("X-Ready-Only"), "and only /ready");
    }

    @Test
    void aFailingCheckAnswers503AndNeverLeaksItsError() {
        check.fail.set(true);
        Api.Reply ready = api.get("/api/ready");
        assertEquals(503, ready.status());
        assertEquals(Map.of("status", "unavailable", "failed", List.of("queue"),
            "checks", Map.of("db", "ok", "queue", "fail")), ready.body(), "a 503 names the failing checks");
        assertFalse(ready.text().contains("secret"), ready.text());
    }

    @Test
    void checksShareOneBudget() {
        check.sleepMillis = 5000;
        long start = System.nanoTime();
        Api.Reply ready = api.get("/api/ready");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(503, ready.status());
        assertEquals("fail", ((Map<?, ?>) ready.body().get("checks")).get("queue"));
        assertTrue(millis < 4000, "the 1 s budget cut the 5 s check short, took " + millis + " ms");
    }

    @Test
    void concurrentCallersShareOneRun() {
        check.sleepMillis = 400;
        check.runs.set(0);
        List<CompletableFuture<Api.Reply>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(CompletableFuture.supplyAsync(() -> api.get("/api/ready")));
        }
        calls.forEach(c -> assertEquals(200, c.join().status()));
        assertTrue(check.runs.get() < 6, "6 concurrent calls ran the check " + check.runs.get() + " times");
    }

    @Test
    void healthPingsTheDatabaseWhenAskedTo() {
        Api.Reply health = api.get("/api/health");
        assertEquals(200, health.status());
        assertEquals(Map.of("status", "ok"), health.body());
    }

    @Test
    void sharedProbeMiddlewareCanRefuse() {
        int before = shared.calls.get();
        Api.Reply denied = api.send("GET", "/api/ready", null, Map.of("X-Probe-Deny", "1"));
        assertEquals(401, denied.status());
        assertEquals(before + 1, shared.calls.get());
    }

    @Test
    void probesDoNotRunThePipelineAuthStep() {
        assertEquals(200, api.get("/api/live").status());
        assertEquals(null, api.get("/api/live").header("X-Trace"));
    }
}
