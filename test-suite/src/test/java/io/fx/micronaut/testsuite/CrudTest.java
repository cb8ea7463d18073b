package io.fx.micronaut.testsuite;

import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.FxReply;
import io.fx.micronaut.test.TestDatabase;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated routes end to end, written with fx-micronaut-test's {@code @TestDatabase} and {@link FxClient}. */
@MicronautTest(environments = "test")
@TestDatabase
class CrudTest {

    @Inject
    FxClient client;

    @Test
    void createReadUpdateDelete() {
        FxReply created = client.post("/api/articles", Map.of("title", "Hello", "body", "World", "slug", "hello-crud",
            "secret", "s3cret", "internal_note", "nope", "id", "client-id")).expectCreated();
        Map<String, Object> data = created.data();
        String id = created.id();
        assertTrue(id.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), id);
        assertEquals("/api/articles/" + id, created.header("Location"));
        assertEquals("draft", data.get("status"));
        assertEquals(0, ((Number) data.get("views")).intValue());
        assertFalse(data.containsKey("secret"));
        assertFalse(data.containsKey("internal_note"));
        assertNotNull(created.header("X-Request-Id"));
        assertEquals("fx-suite", created.header("X-Service-Name"));

        assertEquals("Hello", client.get("/api/articles/" + id).expectOk().data().get("title"));

        FxReply updated = client.patch("/api/articles/" + id, Map.of("title", "Changed", "slug", "other")).expectOk();
        assertEquals("Changed", updated.data().get("title"));
        assertEquals("hello-crud", updated.data().get("slug"), "immutable slug is stripped on update");

        FxReply list = client.get("/api/articles?filter=" + Api.q("slug:eq:hello-crud")).expectOk();
        assertEquals(1, list.list().size());
        assertEquals(Map.of("total", 1, "page", 1, "limit", 20, "pages", 1, "has_more", false), list.meta());

        client.delete("/api/articles/" + id).expectStatus(204);
        client.get("/api/articles/" + id).expectError(404, "NOT_FOUND");
        assertEquals(List.of(), client.get("/api/articles?filter=" + Api.q("slug:eq:hello-crud")).list());
    }

    @Test
    void putIsNotPartOfTheApi() {
        FxReply put = client.put("/api/articles/6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01", "{}")
            .expectError(405, "METHOD_NOT_ALLOWED");
        assertEquals("GET, HEAD, PATCH, DELETE, OPTIONS", put.header("Allow"));
        assertEquals(404, client.put("/api/nothing", "{}").status());
    }

    @Test
    void jsonColumnsAndTimestampsRoundTrip() {
        FxReply created = client.post("/api/articles", Map.of("title", "J", "body", "B", "slug", "json-round-trip",
            "labels", List.of("a", "b,c", "say \"hi\""), "attributes", Map.of("tier", "gold", "n", 3, "ok", true),
            "rating", 4.5, "published_at", "2024-05-01T10:15:30.123456+02:00")).expectCreated();
        Map<String, Object> read = client.get("/api/articles/" + created.id()).expectOk().data();
        assertEquals(List.of("a", "b,c", "say \"hi\""), read.get("labels"));
        assertEquals(Map.of("tier", "gold", "n", 3, "ok", true), read.get("attributes"));
        assertEquals(4.5, read.get("rating"));
        assertEquals("2024-05-01T08:15:30.123456Z", read.get("published_at"));
        assertTrue(((String) read.get("created_at")).endsWith("Z"));
    }
}
