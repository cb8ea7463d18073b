package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fx.history.enabled=false}: versioned models write as unversioned ones, no history model, no route; a
 * middleware naming {@code READ_HISTORY} (as configured read audit does) does not stop the application.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "fx.history.enabled", value = "false")
@Property(name = "spec.name", value = HistoryDisabledTest.SPEC)
@TestDatabase
class HistoryDisabledTest {

    static final String SPEC = "HistoryDisabledTest";

    /** Names READ_HISTORY, which no route serves here: the core declares the operation, so the application starts. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, operations = "READ_HISTORY")
    static class HistoryOnly implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            next.next();
        }
    }

    @Inject
    Api api;
    @Inject
    ModelRegistry registry;

    @Test
    void nothingIsRecordedOrServed() {
        String id = api.create("/api/chronicles", Map.of("title", "untracked"));
        assertEquals(200, api.patch("/api/chronicles/" + id, Map.of("title", "still untracked")).status());
        Api.Reply history = api.get("/api/chronicles/" + id + "/history");
        assertEquals(404, history.status(), history.toString());
        assertTrue(registry.findByName("ChronicleHistory").isEmpty());
    }
}
