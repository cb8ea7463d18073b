package io.fx.micronaut.examples.encryption;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's encryption, black-box over HTTP with the keys set as the README sets them: {@code Author.email} stored
 * encrypted with its blind index, 409 on a duplicate, a refused filter, {@code POST /api/authors/lookup} (with and
 * without keys), {@code POST /api/admin/rotate-keys} behind {@code X-Admin-Token}, a rotation to a new key resumed
 * after a limit, and legacy plain text encrypted.
 */
class BlogEncryptionTest {

    static final String TOKEN = "admin-token-for-encryption-0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static String key(int fill) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) fill);
        return Base64.getEncoder().encodeToString(key);
    }

    private static Map<String, String> keys(String... extra) {
        Map<String, String> variables = new HashMap<>(Map.of("BLOG_KEY_DEFAULT", key(11), "BLOG_KEY_INDEX", key(12),
            "BLOG_ADMIN_TOKEN", TOKEN));
        for (int i = 0; i < extra.length; i += 2) {
            variables.put(extra[i], extra[i + 1]);
        }
        return variables;
    }

    HttpResponse<String> send(BlogServer blog, String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("X-Admin-Token", token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private String author(BlogServer blog, String name, String email) throws Exception {
        HttpResponse<String> created = send(blog, "POST", "/api/authors", null,
            "{\"name\":\"" + name + "\",\"email\":\"" + email + "\"}");
        assertEquals(201, created.statusCode(), created.body());
        return JSON.readTree(created.body()).path("data").path("id").asText();
    }

    /** What psql shows: the stored row. */
    private static Map<String, Object> stored(BlogServer blog, String id) {
        return blog.context().getBean(Models.class)
            .query("SELECT * FROM \"authors\" WHERE CAST(\"id\" AS VARCHAR(36)) = ?", id).get(0);
    }

    private static String keyIdOf(Object stored) {
        byte[] all = Base64.getDecoder().decode(stored.toString().substring(4));
        return new String(all, 2, all[1], StandardCharsets.US_ASCII);
    }

    private JsonNode rotate(BlogServer blog, String body) throws Exception {
        HttpResponse<String> rotated = send(blog, "POST", "/api/admin/rotate-keys", TOKEN, body);
        assertEquals(200, rotated.statusCode(), rotated.body());
        return JSON.readTree(rotated.body()).path("data");
    }

    @Test
    void withKeysTheEmailIsStoredEncryptedAndLookedUpThroughItsBlindIndex() throws Exception {
        try (BlogServer blog = BlogServer.start(keys())) {
            String id = author(blog, "Ann", "ann@example.com");
            Map<String, Object> row = stored(blog, id);
            assertTrue(row.get("email").toString().startsWith("enc:"), row.toString());
            assertFalse(row.toString().contains("ann@example.com"), row.toString());
            assertEquals(64, row.get("email_hmac").toString().length());
            JsonNode read = JSON.readTree(send(blog, "GET", "/api/authors/" + id, null, null).body()).path("data");
            assertEquals("ann@example.com", read.path("email").asText());
            assertFalse(read.has("email_hmac"));

            HttpResponse<String> duplicate = send(blog, "POST", "/api/authors", null,
                "{\"name\":\"Ann 2\",\"email\":\"ann@example.com\"}");
            assertEquals(409, duplicate.statusCode(), duplicate.body());
            assertEquals("email", JSON.readTree(duplicate.body()).path("error").path("details").path("column").asText());
            assertFalse(duplicate.body().contains("hmac") || duplicate.body().contains("ann@example.com"), duplicate.body());

            HttpResponse<String> filtered = send(blog, "GET", "/api/authors?filter="
                + URLEncoder.encode("email:eq:ann@example.com", StandardCharsets.UTF_8), null, null);
            assertEquals(400, filtered.statusCode(), filtered.body());
            assertTrue(filtered.body().contains("ENCRYPTED_FIELD_NOT_FILTERABLE"), filtered.body());

            HttpResponse<String> found = send(blog, "POST", "/api/authors/lookup", null, "{\"email\":\"ann@example.com\"}");
            assertEquals(200, found.statusCode(), found.body());
            assertEquals(id, JSON.readTree(found.body()).path("data").path("id").asText());
            assertEquals("ann@example.com", JSON.readTree(found.body()).path("data").path("email").asText());
            HttpResponse<String> missing = send(blog, "POST", "/api/authors/lookup", null, "{\"email\":\"bob@example.com\"}");
            assertEquals(404, missing.statusCode(), missing.body());
            assertEquals("NOT_FOUND", JSON.readTree(missing.body()).path("error").path("code").asText());
            for (String bad : List.of("{}", "{\"email\":5}", "{\"email\":\"\"}")) {
                HttpResponse<String> refused = send(blog, "POST", "/api/authors/lookup", null, bad);
                assertEquals(422, refused.statusCode(), bad + ": " + refused.body());
                assertEquals("VALIDATION_ERROR", JSON.readTree(refused.body()).path("error").path("code").asText());
            }
        }
    }

    @Test
    void theRotationRouteIsGuardedAndChecksItsInput() throws Exception {
        try (BlogServer blog = BlogServer.start(keys())) {
            String body = "{\"model\":\"Author\",\"from\":\"default\",\"to\":\"next\"}";
            for (String token : java.util.Arrays.asList(null, "wrong-token")) {
                HttpResponse<String> refused = send(blog, "POST", "/api/admin/rotate-keys", token, body);
                assertEquals(401, refused.statusCode(), refused.body());
                assertEquals("UNAUTHORIZED", JSON.readTree(refused.body()).path("error").path("code").asText());
            }
            for (String bad : List.of("{\"model\":\"Nobody\",\"to\":\"default\"}", "{\"model\":\"Post\",\"to\":\"default\"}",
                    body, "{\"model\":\"Author\"}", "{\"model\":\"Author\",\"to\":\"next\",\"limit\":-1}",
                    "{\"model\":\"Author\",\"to\":\"next\",\"dry_run\":\"yes\"}")) {
                HttpResponse<String> refused = send(blog, "POST", "/api/admin/rotate-keys", TOKEN, bad);
                assertEquals(422, refused.statusCode(), bad + ": " + refused.body());
                assertEquals("VALIDATION_ERROR", JSON.readTree(refused.body()).path("error").path("code").asText());
            }
            JsonNode paths = JSON.readTree(send(blog, "GET", "/api/openapi.json", null, null).body()).path("paths");
            assertTrue(paths.path("/api/admin/rotate-keys").path("post").path("security").toString().contains("adminToken"),
                paths.path("/api/admin/rotate-keys").toString());
            JsonNode email = JSON.readTree(send(blog, "GET", "/api/openapi.json", null, null).body())
                .path("components").path("schemas").path("Author").path("properties").path("email");
            assertTrue(email.path("x-fx-encrypted").asBoolean(), email.toString());
            assertTrue(paths.has("/api/authors/lookup"), "the lookup is documented");
        }
    }

    @Test
    void aNewActiveKeyAndARotationResumedAfterALimit() throws Exception {
        try (BlogServer first = BlogServer.start(keys())) {
            for (int i = 0; i < 5; i++) {
                author(first, "Writer " + i, "writer" + i + "@example.com");
            }
            try (BlogServer next = BlogServer.replicaOf(first, keys("BLOG_KEY_NEXT", key(13), "BLOG_ACTIVE_KEY", "next"))) {
                String fresh = author(next, "Fresh", "fresh@example.com");
                assertEquals("next", keyIdOf(stored(next, fresh).get("email")), "new writes use the active key");
                JsonNode dry = rotate(next, "{\"model\":\"Author\",\"from\":\"default\",\"to\":\"next\",\"dry_run\":true}");
                assertEquals(5, dry.path("rotated").asInt(), dry.toString());
                assertFalse(dry.path("complete").asBoolean());
                JsonNode partial = rotate(next, "{\"model\":\"Author\",\"from\":\"default\",\"to\":\"next\",\"limit\":3}");
                assertEquals(3, partial.path("scanned").asInt(), partial.toString());
                assertFalse(partial.path("complete").asBoolean());
                assertTrue(partial.path("failures").isArray() && partial.path("failures").isEmpty());
                JsonNode rest = rotate(next, "{\"model\":\"Author\",\"from\":\"default\",\"to\":\"next\",\"after_id\":\""
                    + partial.path("last_id").asText() + "\"}");
                assertTrue(rest.path("complete").asBoolean(), rest.toString());
                assertEquals(5, partial.path("rotated").asInt() + rest.path("rotated").asInt(), rest.toString());
                for (JsonNode author : JSON.readTree(send(next, "GET", "/api/authors?limit=100", null, null).body()).path("data")) {
                    assertEquals("next", keyIdOf(stored(next, author.path("id").asText()).get("email")));
                    assertTrue(author.path("email").asText().endsWith("@example.com"));
                }
            }
        }
    }

    @Test
    void legacyPlainTextIsReadAsStoredAndEncryptedByARotation() throws Exception {
        try (BlogServer plain = BlogServer.start(Map.of())) {
            String id = author(plain, "Old", "old@example.com");
            assertEquals(200, send(plain, "POST", "/api/authors/lookup", null, "{\"email\":\"old@example.com\"}").statusCode(),
                "without keys the lookup reads the plain unique column");
            try (BlogServer keyed = BlogServer.replicaOf(plain, keys())) {
                assertEquals("old@example.com", JSON.readTree(send(keyed, "GET", "/api/authors/" + id, null, null).body())
                    .path("data").path("email").asText());
                assertEquals(404, send(keyed, "POST", "/api/authors/lookup", null, "{\"email\":\"old@example.com\"}")
                    .statusCode(), "legacy plain text has no blind index yet");
                JsonNode report = rotate(keyed, "{\"model\":\"Author\",\"from\":null,\"to\":\"default\"}");
                assertTrue(report.path("complete").asBoolean(), report.toString());
                assertEquals("default", keyIdOf(stored(keyed, id).get("email")));
                assertEquals(200, send(keyed, "POST", "/api/authors/lookup", null, "{\"email\":\"old@example.com\"}")
                    .statusCode());
            }
        }
    }

    @Test
    void theIndexKeyIsRequiredWithTheDefaultKey() {
        RuntimeException failure = assertThrows(RuntimeException.class,
            () -> BlogServer.start(Map.of("BLOG_KEY_DEFAULT", key(11))).close());
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        assertTrue(messages.toString().contains("BLOG_KEY_INDEX"), messages.toString());
        assertFalse(messages.toString().contains(key(11)), messages.toString());
    }
}
