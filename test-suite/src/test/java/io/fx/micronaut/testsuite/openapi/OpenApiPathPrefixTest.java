package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import com.fasterxml.jackson.databind.JsonNode;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The document follows fx.path-prefix: served under it, and every path it documents carries it. */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.path-prefix", value = "/v2/")
@Property(name = "fx.openapi.enabled", value = "true")
@Property(name = "fx.openapi.merge-compiled", value = "false")
class OpenApiPathPrefixTest {

    @Inject
    Api api;

    @Test
    void servedAndDocumentedUnderThePrefix() {
        JsonNode paths = OpenApiValidation.fetchValid(api, "/v2/openapi.json").path("paths");
        assertTrue(paths.has("/v2/widgets"));
        assertTrue(paths.has("/v2/widgets/{id}"));
        assertTrue(paths.has("/v2/live"));
        paths.fieldNames().forEachRemaining(path -> assertTrue(path.startsWith("/v2/"), path));
        assertFalse(paths.has("/api/reports"), "merge-compiled off leaves the compiled document out");
        assertEquals(200, api.get("/v2/widgets").status(), "the documented path is the served one");
        assertEquals(404, api.get("/api/openapi.json").status());
    }
}
