package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.RequestObserver;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.web.PipelineGate;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PipelineGate}: a request filter holds a request's pipeline on work it started (here, work that
 * completes after {@code X-Hold} milliseconds, or fails with {@code fail:}). The pipeline starts only once
 * every hold has completed, normally or not, on a blocking thread rather than the one that completed the
 * work, and with the request's own context; generic and action routes alike.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = PipelineGateTest.SPEC)
@TestDatabase
class PipelineGateTest {

    static final String SPEC = "PipelineGateTest";

    @Inject
    GateLog log;
    @Inject
    Api api;

    /** Sends a request held by the given holds and returns its probe id, once its answer is 200. */
    private String held(String path, String holds) {
        String probe = UUID.randomUUID().toString();
        Api.Reply reply = api.send("GET", path, null, Map.of("X-Probe", probe, "X-Hold", holds));
        assertEquals(200, reply.status(), reply::toString);
        return probe;
    }

    private void assertStartedAfterRelease(String probe) {
        Long released = log.released.get(probe);
        Long started = log.started.get(probe);
        assertNotNull(released, "the held work completed");
        assertNotNull(started, "the pipeline ran");
        assertTrue(started >= released, "the pipeline started " + (released - started) / 1_000 + " µs before the work completed");
        assertNotEquals(log.releasedOn.get(probe), log.startedOn.get(probe),
            "the pipeline was handed to a blocking thread, not run on the thread that completed the work");
        assertEquals(probe, log.requestSeen.get(probe), "the pipeline kept the request's propagated context");
    }

    /** Each row: the route, its holds, how long they hold it (ms), and what the row shows. */
    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', value = {
        "/api/widgets    | 300      | 300 | a held pipeline starts only once the work has completed",
        "/api/widgets    | fail:100 | 100 | work that fails releases the pipeline too",
        "/api/widgets    | 100,400  | 400 | every hold on a request has to complete",
        "/api/gate-probe | 200      | 200 | action routes are held too"
    })
    void aHeldRequestWaitsForItsHoldsThenStartsAsItShould(String path, String holds, long millis, String shows) {
        long before = System.nanoTime();
        String probe = held(path, holds);
        assertTrue(log.started.get(probe) - before >= TimeUnit.MILLISECONDS.toNanos(millis), "held for " + millis + " ms");
        assertStartedAfterRelease(probe);
    }

    @Test
    void aRequestWithoutHoldsStartsAtOnce() {
        String probe = UUID.randomUUID().toString();
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Probe", probe));
        assertEquals(200, reply.status(), reply::toString);
        assertNull(log.released.get(probe));
        assertEquals(probe, log.requestSeen.get(probe));
    }

    /** What the filter and the pipeline saw, per {@code X-Probe}. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class GateLog {
        final Map<String, Long> released = new ConcurrentHashMap<>();
        final Map<String, String> releasedOn = new ConcurrentHashMap<>();
        final Map<String, Long> started = new ConcurrentHashMap<>();
        final Map<String, String> startedOn = new ConcurrentHashMap<>();
        final Map<String, String> requestSeen = new ConcurrentHashMap<>();
    }

    /** Holds requests with {@code X-Hold: <ms>[,<ms>…]} on work completing after that long ({@code fail:<ms>}: failing). */
    @ServerFilter("/api/**")
    @Requires(property = "spec.name", value = SPEC)
    static final class HoldingFilter {

        private final GateLog log;

        HoldingFilter(GateLog log) {
            this.log = log;
        }

        @RequestFilter
        void hold(HttpRequest<?> request) {
            String probe = request.getHeaders().get("X-Probe");
            String holds = request.getHeaders().get("X-Hold");
            if (probe == null || holds == null) {
                return;
            }
            for (String hold : holds.split(",")) {
                boolean fail = hold.startsWith("fail:");
                long millis = Long.parseLong(fail ? hold.substring(5) : hold);
                CompletableFuture<String> work = new CompletableFuture<>();
                CompletableFuture.delayedExecutor(millis, TimeUnit.MILLISECONDS).execute(() -> {
                    log.released.merge(probe, System.nanoTime(), Math::max);
                    log.releasedOn.put(probe, Thread.currentThread().getName());
                    if (fail) {
                        work.completeExceptionally(new IllegalStateException("the held work failed"));
                    } else {
                        work.complete("done");
                    }
                });
                PipelineGate.hold(request, work);
            }
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        RequestObserver recordStart(GateLog log) {
            return new RequestObserver() {
                @Override
                public void onStart(RequestContext context) {
                    String probe = context.getRequest().orElseThrow().getHeaders().get("X-Probe");
                    if (probe != null) {
                        log.started.put(probe, System.nanoTime());
                        log.startedOn.put(probe, Thread.currentThread().getName());
                        ServerRequestContext.currentRequest().map(request -> request.getHeaders().get("X-Probe"))
                            .ifPresent(seen -> log.requestSeen.put(probe, seen));
                    }
                }
            };
        }

        @Singleton
        Action gateProbe() {
            return Action.get("/gate-probe", context -> Map.of("ok", true)).access(ActionAccess.PUBLIC);
        }
    }
}
