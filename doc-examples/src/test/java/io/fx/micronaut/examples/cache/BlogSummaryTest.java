package io.fx.micronaut.examples.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@code GET /api/posts/{id}/summary}, black-box: the summary is computed once and then served from the cache
 * {@code post-summaries} (the same {@code computed_at}), recomputed after a comment on the post is added or the post
 * is updated (the writes drop the key at commit), left alone by a comment on another post; an unknown post is 404.
 */
class BlogSummaryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(BlogServer blog, String method, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
            .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private String create(BlogServer blog, String path, String body) throws Exception {
        HttpResponse<String> created = send(blog, "POST", path, body);
        assertEquals(201, created.statusCode(), created.body());
        return JSON.readTree(created.body()).path("data").path("id").asText();
    }

    private JsonNode summary(BlogServer blog, String post) throws Exception {
        HttpResponse<String> summary = send(blog, "GET", "/api/posts/" + post + "/summary", null);
        assertEquals(200, summary.statusCode(), summary.body());
        return JSON.readTree(summary.body()).path("data");
    }

    /** Waits past the clock's resolution so that a recomputed summary has another {@code computed_at}. */
    private static void tick() throws InterruptedException {
        Thread.sleep(5);
    }

    @Test
    void theSummaryIsCachedUntilAWriteDropsIt() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of())) {
            String post = create(blog, "/api/posts", "{\"title\":\"Summed\",\"body\":\"b\",\"slug\":\"summed\"}");
            String other = create(blog, "/api/posts", "{\"title\":\"Other\",\"body\":\"b\",\"slug\":\"other\"}");
            JsonNode first = summary(blog, post);
            assertEquals(post, first.path("id").asText());
            assertEquals("Summed", first.path("title").asText());
            assertEquals(0, first.path("comment_count").asInt());
            tick();
            assertEquals(first, summary(blog, post), "served from the cache");

            create(blog, "/api/comments", "{\"post_id\":\"" + other + "\",\"body\":\"elsewhere\",\"author_name\":\"Eve\"}");
            tick();
            assertEquals(first, summary(blog, post), "a comment on another post leaves this summary cached");

            create(blog, "/api/comments", "{\"post_id\":\"" + post + "\",\"body\":\"first!\",\"author_name\":\"Ada\"}");
            JsonNode commented = summary(blog, post);
            assertEquals(1, commented.path("comment_count").asInt(), commented.toString());
            assertNotEquals(first.path("computed_at"), commented.path("computed_at"));
            tick();
            assertEquals(commented, summary(blog, post), "cached again");

            HttpResponse<String> updated = send(blog, "PATCH", "/api/posts/" + post, "{\"title\":\"Summed up\"}");
            assertEquals(200, updated.statusCode(), updated.body());
            JsonNode renamed = summary(blog, post);
            assertEquals("Summed up", renamed.path("title").asText(), renamed.toString());
            assertEquals(1, renamed.path("comment_count").asInt());
            assertNotEquals(commented.path("computed_at"), renamed.path("computed_at"));
        }
    }

    @Test
    void anUnknownPostHasNoSummary() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of())) {
            HttpResponse<String> missing = send(blog, "GET", "/api/posts/" + UUID.randomUUID() + "/summary", null);
            assertEquals(404, missing.statusCode(), missing.body());
            assertEquals("NOT_FOUND", JSON.readTree(missing.body()).path("error").path("code").asText());
        }
    }
}
