package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

@MicronautTest(environments = "test")
@TestDatabase
class SoftDeleteModesTest {

    @Inject
    Api api;

    @Test
    void flagModeMarksTheRowAndHidesItUntilAskedFor() {
        Api.Reply created = api.post("/api/memos", Map.of("text", "flagged", "is_deleted", true));
        assertEquals(201, created.status(), created.toString());
        assertEquals(Boolean.FALSE, created.data().get("is_deleted"), "the marker is readonly");
        String id = (String) created.data().get("id");
        String kept = (String) api.post("/api/memos", Map.of("text", "kept")).data().get("id");

        assertEquals(204, api.delete("/api/memos/" + id).status());
        assertEquals(404, api.get("/api/memos/" + id).status());
        assertEquals(404, api.patch("/api/memos/" + id, Map.of("text", "x")).status());
        assertEquals(404, api.delete("/api/memos/" + id).status(), "deleting twice is 404");
        assertEquals(List.of(kept), ids(api.get("/api/memos")));

        Api.Reply deleted = api.get("/api/memos?filter=" + Api.q("is_deleted:eq:true"));
        assertEquals(List.of(id), ids(deleted));
        assertEquals(Boolean.TRUE, deleted.list().get(0).get("is_deleted"));
        assertEquals(List.of(kept), ids(api.get("/api/memos?filter=" + Api.q("is_deleted:eq:false"))));
    }

    @Test
    void aDeclaredMarkerPropertyIsTheReadonlyMarkerColumn() {
        Api.Reply created = api.post("/api/archives", Map.of("label", "a1", "removed_at", "2020-01-01T00:00:00Z"));
        assertEquals(201, created.status(), created.toString());
        assertNull(created.data().get("removed_at"), "clients cannot set the marker");
        String id = (String) created.data().get("id");
        assertEquals(204, api.delete("/api/archives/" + id).status());
        assertEquals(0, ((Number) api.get("/api/archives").meta().get("total")).intValue());
        Api.Reply deleted = api.get("/api/archives?filter=" + Api.q("removed_at:not_null"));
        assertEquals(List.of(id), ids(deleted));
        assertNotNull(deleted.list().get(0).get("removed_at"));
    }

    private static List<Object> ids(Api.Reply reply) {
        return reply.list().stream().map(r -> r.get("id")).toList();
    }
}
