package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = PipelineBeans.SPEC)
@TestDatabase
@Property(name = "fx.trace.enabled", value = "true")
@Property(name = "fx.trace.bodies", value = "true")
class TraceTest {

    @Inject
    Api api;

    @Test
    void tracesStepsTimingsAbortsAndBodyFieldNamesButNeverValues() {
        try (LogCapture capture = new LogCapture("io.fx.micronaut.trace")) {
            assertEquals(201, api.post("/api/widgets", Map.of("name", "very-secret-value")).status());
            assertEquals(401, api.send("GET", "/api/widgets", null, Map.of("X-Deny", "1")).status());
            String log = capture.text();
            assertTrue(log.contains("Widget CREATE AUTH: header-auth"), log);
            assertTrue(log.contains("Widget CREATE DB: default"), log);
            assertTrue(log.contains("body fields [name]"), log);
            assertTrue(log.contains("µs"), log);
            assertTrue(log.contains("AUTH header-auth aborted with 401"), log);
            assertFalse(log.contains("very-secret-value"), "values never reach the trace");
        }
    }
}
