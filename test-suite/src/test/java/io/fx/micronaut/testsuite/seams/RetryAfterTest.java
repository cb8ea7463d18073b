package io.fx.micronaut.testsuite.seams;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionRegistrar;
import io.fx.micronaut.action.ActionRegistry;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The core seam a module's temporary failures use to say when to retry ({@link FxException#getRetryAfter()}, added
 * for the encryption module's 503 {@code KEY_PROVIDER_UNAVAILABLE}): the answer carries {@code Retry-After} in whole
 * seconds, rounded up, on a 5xx (whose body keeps the generic message) and a 4xx alike; an error without one has
 * none.
 */
@TestDatabase
class RetryAfterTest {

    static final String SPEC = "RetryAfterTest";

    private static EmbeddedServer server;
    private static Api api;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC));
        api = new Api(server);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    @Test
    void aTemporaryServerErrorSaysWhenToRetry() {
        Api.Reply reply = api.post("/api/retry/unavailable", Map.of());
        assertEquals(503, reply.status(), reply.toString());
        assertEquals("BACKEND_UNAVAILABLE", reply.code());
        assertEquals("2", reply.header("Retry-After"), "1.5 s, rounded up: " + reply.headers());
        assertEquals("Service Unavailable", reply.error().get("message"), "the generic message of a 5xx");
    }

    @Test
    void aClientErrorMayCarryOneToo() {
        Api.Reply reply = api.post("/api/retry/later", Map.of());
        assertEquals(429, reply.status(), reply.toString());
        assertEquals("7", reply.header("Retry-After"));
        assertEquals("come back later", reply.error().get("message"));
    }

    @Test
    void anErrorWithoutOneHasNone() {
        Api.Reply reply = api.post("/api/retry/broken", Map.of());
        assertEquals(500, reply.status(), reply.toString());
        assertNull(reply.header("Retry-After"), reply.headers().toString());
    }

    /** Actions that fail with and without a retry delay. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class FailingActions implements ActionRegistrar {
        @Override
        public void register(@NonNull ActionRegistry registry) {
            registry.add(Action.post("/retry/unavailable", context -> {
                throw new FxException(503, "BACKEND_UNAVAILABLE", "the backend at 10.0.0.7 is down", null, null,
                    Duration.ofMillis(1500));
            }).access(ActionAccess.PUBLIC));
            registry.add(Action.post("/retry/later", context -> {
                throw new FxException(429, "SLOW_DOWN", "come back later", null, null, Duration.ofSeconds(7));
            }).access(ActionAccess.PUBLIC));
            registry.add(Action.post("/retry/broken", context -> {
                throw new FxException(500, "BROKEN", "broken", null, null);
            }).access(ActionAccess.PUBLIC));
        }
    }
}
