package io.fx.micronaut.testsuite;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test")
@TestDatabase
class CrudTest {

    @Inject
    Api api;

    @Test
    void createReadUpdateDelete() {
        Api.Reply created = api.post("/api/articles", Map.of("title", "Hello", "body", "World", "slug", "hello-crud",
            "secret", "s3cret", "internal_note", "nope", "id", "client-id"));
        assertEquals(201, created.status(), created.toString());
        Map<String, Object> data = created.data();
        String id = (String) data.get("id");
        assertTrue(id.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), id);
        assertEquals("/api/articles/" + id, created.header("Location"));
        assertEquals("draft", data.get("status"));
        assertEquals(0, ((Number) data.get("views")).intValue());
        assertFalse(data.containsKey("secret"));
        assertFalse(data.containsKey("internal_note"));
        assertNotNull(created.header("X-Request-Id"));
        assertEquals("fx-suite", created.header("X-Service-Name"));

        Api.Reply read = api.get("/api/articles/" + id);
        assertEquals(200, read.status(), read.toString());
        assertEquals("Hello", read.data().get("title"));

        Api.Reply updated = api.patch("/api/articles/" + id, Map.of("title", "Changed", "slug", "other"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("Changed", updated.data().get("title"));
        assertEquals("hello-crud", updated.data().get("slug"), "immutable slug is stripped on update");

        Api.Reply list = api.get("/api/articles?filter=" + Api.q("slug:eq:hello-crud"));
        assertEquals(200, list.status(), list.toString());
        assertEquals(1, list.list().size());
        assertEquals(Map.of("total", 1, "page", 1, "limit", 20, "pages", 1, "has_more", false), list.meta());

        assertEquals(204, api.delete("/api/articles/" + id).status());
        assertEquals(404, api.get("/api/articles/" + id).status());
        assertEquals(List.of(), api.get("/api/articles?filter=" + Api.q("slug:eq:hello-crud")).list());
    }

    @Test
    void putIsNotPartOfTheApi() {
        Api.Reply put = api.send("PUT", "/api/articles/6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01", "{}", Map.of());
        assertEquals(405, put.status());
        assertEquals("METHOD_NOT_ALLOWED", put.code());
        assertEquals("GET, HEAD, PATCH, DELETE, OPTIONS", put.header("Allow"));
        assertEquals(404, api.send("PUT", "/api/nothing", "{}", Map.of()).status());
    }

    @Test
    void jsonColumnsAndTimestampsRoundTrip() {
        Api.Reply created = api.post("/api/articles", Map.of("title", "J", "body", "B", "slug", "json-round-trip",
            "labels", List.of("a", "b,c", "say \"hi\""), "attributes", Map.of("tier", "gold", "n", 3, "ok", true),
            "rating", 4.5, "published_at", "2024-05-01T10:15:30.123456+02:00"));
        assertEquals(201, created.status(), created.toString());
        Map<String, Object> read = api.get("/api/articles/" + created.data().get("id")).data();
        assertEquals(List.of("a", "b,c", "say \"hi\""), read.get("labels"));
        assertEquals(Map.of("tier", "gold", "n", 3, "ok", true), read.get("attributes"));
        assertEquals(4.5, read.get("rating"));
        assertEquals("2024-05-01T08:15:30.123456Z", read.get("published_at"));
        assertTrue(((String) read.get("created_at")).endsWith("Z"));
    }
}
