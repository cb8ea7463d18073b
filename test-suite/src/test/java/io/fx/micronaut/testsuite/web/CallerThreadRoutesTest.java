package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.web.CallerThreadRoutes;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The {@link CallerThreadRoutes} seam: a route runs on Micronaut's blocking executor unless a bean claims its request
 * for the thread that routed it (fx-micronaut-aws claims API Gateway events, whose invocation thread waits for the
 * answer anyway). Here a bean claims requests that carry {@code X-On-Caller}, over the real Netty server, so the
 * claimed ones run where Netty routed them; the bean records that thread per request id, and a Service-step
 * middleware answers the thread that ran the pipeline. (A request held for its body or by a gate is not asked:
 * it runs where the held work completes, so the claim is shown on reads.)
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = CallerThreadRoutesTest.SPEC)
class CallerThreadRoutesTest {

    static final String SPEC = "CallerThreadRoutesTest";

    @Inject
    Api api;

    @Inject
    HeaderClaims claims;

    @Test
    void aRouteRunsOnTheBlockingExecutorUnlessItsRequestIsClaimed() {
        Api.Reply handedOff = api.with(Map.of("X-Request-Id", "handed-off")).get("/api/articles");
        assertEquals(200, handedOff.status(), handedOff.toString());
        String routedOn = claims.routedOn.get("handed-off");
        assertNotNull(routedOn, "the seam is asked on the routing thread");
        assertNotEquals(routedOn, handedOff.header("X-Served-On"), "handed to the blocking executor");

        String id = api.create("/api/articles", Map.of("title", "on the caller", "body", "b", "slug", "caller-thread"));
        Api.Reply claimed = api.with(Map.of("X-Request-Id", "claimed", "X-On-Caller", "yes"))
            .get("/api/articles/" + id);
        assertEquals(200, claimed.status(), claimed.toString());
        assertEquals("on the caller", claimed.data().get("title"));
        assertNotNull(claims.routedOn.get("claimed"));
        assertEquals(claims.routedOn.get("claimed"), claimed.header("X-Served-On"), "run where it was routed");
    }

    /** Claims the requests that carry {@code X-On-Caller}, and records the thread each request was routed on. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class HeaderClaims implements CallerThreadRoutes {
        final Map<String, String> routedOn = new ConcurrentHashMap<>();

        @Override
        public boolean runOnCaller(@NonNull HttpRequest<?> request) {
            String id = request.getHeaders().get("X-Request-Id");
            if (id != null) {
                routedOn.put(id, Thread.currentThread().getName());
            }
            return request.getHeaders().contains("X-On-Caller");
        }
    }

    /** Answers the name of the thread that runs the pipeline as {@code X-Served-On}. */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class ServingThread {
        @Singleton
        @Named("serving-thread")
        PipelineConfigurer servingThread() {
            return registry -> registry.use(Step.SERVICE, (context, next) -> {
                context.response().setHeader("X-Served-On", Thread.currentThread().getName());
                next.next();
            });
        }
    }
}
