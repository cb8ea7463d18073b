package io.fx.micronaut.testsuite.synthetic;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 13 item 4: a synthetic model built in code and a class-backed model registered headless are
 * migrated and reachable through accessors, have no routes and no OpenAPI paths; a sub-resource route
 * {@code /{collection}/{id}/{name}} runs the READ_HISTORY pipeline (its middleware, then the parent read
 * for the caller, 404 as on a read) before the sub-resource loads its answer.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = SyntheticBeans.SPEC)
@Property(name = "fx.openapi.enabled", value = "true")
@TestDatabase
class SyntheticModelTest {

    private static final Map<String, String> AUDITOR = Map.of("X-Auditor", "yes");

    @Inject
    Models models;
    @Inject
    ModelRegistry registry;
    @Inject
    Api api;

    @Test
    void aSyntheticModelIsMigratedAndServedByAccessorsOnly() {
        assertTrue(registry.findByName("JottingLog").orElseThrow().isSynthetic());
        Map<String, Object> entry = models.of("JottingLog").create(Map.of("jotting_id", "j-1", "action", "note", "title", "x"));
        assertEquals("note", models.of("JottingLog").read((String) entry.get("id")).orElseThrow().get("action"));
        assertEquals(1, models.query("SELECT \"id\" FROM \"jotting_logs\" WHERE \"jotting_id\" = ?", "j-1").size());
        assertEquals(404, api.get("/api/jotting_logs").status());
        assertEquals("NOT_FOUND", api.get("/api/jotting_logs").code());
        assertEquals(404, api.post("/api/jotting_logs", Map.of("jotting_id", "m-2")).status());
        assertEquals(404, api.get("/api/jotting_logs/" + entry.get("id")).status());
    }

    @Test
    void aHeadlessClassModelHasNoRoutes() {
        Map<String, Object> tracker = models.of(Tracker.class).create(Map.of("code", "T1"));
        assertEquals("T1", models.of("Tracker").read((String) tracker.get("id")).orElseThrow().get("code"));
        assertEquals(404, api.get("/api/trackers").status());
        assertEquals(404, api.get("/api/trackers/" + tracker.get("id")).status());
        assertEquals(200, api.get("/api/jottings").status(), "the routable model next to it is served");
    }

    @Test
    void theOpenApiDocumentHasNoPathsForHeadlessModelsAndDocumentsTheSubResource() {
        Map<String, Object> document = api.get("/api/openapi.json").body();
        @SuppressWarnings("unchecked")
        Map<String, Object> paths = (Map<String, Object>) document.get("paths");
        assertTrue(paths.containsKey("/api/jottings"));
        assertTrue(paths.containsKey("/api/jottings/{id}/log"), paths.keySet().toString());
        assertTrue(paths.keySet().stream().noneMatch(p -> p.startsWith("/api/jotting_logs") || p.startsWith("/api/trackers")),
            paths.keySet().toString());
    }

    @Test
    void theSubResourceRunsTheReadHistoryPipelineForTheParent() {
        Api.Reply created = api.post("/api/jottings", Map.of("title", "first"));
        assertEquals(201, created.status(), created.toString());
        String path = "/api/jottings/" + created.data().get("id");
        assertEquals(200, api.patch(path, Map.of("title", "second")).status());

        Api.Reply refused = api.get(path + "/log");
        assertEquals(403, refused.status(), "the READ_HISTORY middleware ran: " + refused);
        assertEquals(200, api.get(path).status(), "the READ pipeline does not run it");

        Api.Reply log = api.send("GET", path + "/log", null, AUDITOR);
        assertEquals(200, log.status(), log.toString());
        List<Map<String, Object>> entries = log.list();
        assertEquals(List.of("create", "update"), entries.stream().map(e -> e.get("action")).toList());
        assertEquals(List.of("first", "second"), entries.stream().map(e -> e.get("title")).toList());
        assertEquals(2, ((Number) log.meta().get("total")).intValue());
        assertTrue(entries.get(0).get("created_at") instanceof String, "rendered as JottingLog records: " + entries);
        assertFalse(log.header("X-Request-Id").isBlank());
    }

    @Test
    void aMissingParentOrAnUnknownSubResourceIs404() {
        Api.Reply missing = api.send("GET", "/api/jottings/00000000-0000-4000-8000-000000000000/log", null, AUDITOR);
        assertEquals(404, missing.status(), missing.toString());
        assertEquals("NOT_FOUND", missing.code());
        assertEquals(404, api.send("GET", "/api/jottings/not-a-uuid/log", null, AUDITOR).status());
        Api.Reply created = api.post("/api/jottings", Map.of("title", "t"));
        Api.Reply unknown = api.send("GET", "/api/jottings/" + created.data().get("id") + "/nothing", null, AUDITOR);
        assertEquals(404, unknown.status(), unknown.toString());
        assertEquals("NOT_FOUND", unknown.code());
        assertEquals(404, api.send("GET", "/api/nope/" + created.data().get("id") + "/log", null, AUDITOR).status());
    }
}
