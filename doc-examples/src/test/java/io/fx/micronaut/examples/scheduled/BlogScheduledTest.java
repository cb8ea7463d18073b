package io.fx.micronaut.examples.scheduled;

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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's scheduled transitions, black-box: a draft whose {@code publish_at} has passed is published and a post
 * whose {@code expires_at} has passed disappears, on {@code BLOG_SCHEDULED_INTERVAL}; the metrics endpoint counts
 * them; {@code POST /api/admin/sweep} answers the report behind {@code X-Admin-Token} (401 without, 404 when
 * {@code BLOG_ADMIN_TOKEN} is unset); two instances on one database publish each post once.
 */
class BlogScheduledTest {

    private static final String TOKEN = "admin-token-for-tests-0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(BlogServer blog, String method, String path, String token, String body)
        throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(blog.url() + path))
            .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("X-Admin-Token", token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private String post(BlogServer blog, String slug, String extra) throws Exception {
        HttpResponse<String> created = send(blog, "POST", "/api/posts", null,
            "{\"title\":\"" + slug + "\",\"body\":\"b\",\"slug\":\"" + slug + "\"" + extra + "}");
        assertEquals(201, created.statusCode(), created.body());
        return JSON.readTree(created.body()).path("data").path("id").asText();
    }

    private JsonNode read(BlogServer blog, String id) throws Exception {
        HttpResponse<String> read = send(blog, "GET", "/api/posts/" + id, null, null);
        return read.statusCode() == 200 ? JSON.readTree(read.body()).path("data") : null;
    }

    private static String past() {
        return Instant.now().minus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static void await(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(100);
        }
    }

    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
    }

    private double transitions(BlogServer blog) throws Exception {
        HttpResponse<String> metric = send(blog, "GET", "/metrics/fx.scheduled.transitions?tag=model:Post", null, null);
        if (metric.statusCode() == 404) {
            return 0;
        }
        assertEquals(200, metric.statusCode(), metric.body());
        return JSON.readTree(metric.body()).path("measurements").get(0).path("value").asDouble();
    }

    @Test
    void duePostsArePublishedAndExpiredAndCounted() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_SCHEDULED_INTERVAL", "200ms"))) {
            String draft = post(blog, "scheduled-draft", ",\"publish_at\":\"" + past() + "\"");
            String later = post(blog, "scheduled-later", ",\"publish_at\":\"2999-01-01T00:00:00Z\"");
            String expiring = post(blog, "scheduled-expiring", ",\"expires_at\":\"" + past() + "\"");
            await("the draft is published", () -> "published".equals(read(blog, draft).path("status").asText()));
            await("the expired post is gone", () -> read(blog, expiring) == null);
            assertEquals("draft", read(blog, later).path("status").asText());
            assertEquals(2.0, transitions(blog));
            HttpResponse<String> filtered = send(blog, "GET", "/api/posts?filter=publish_at:not_null&sort=publish_at",
                null, null);
            assertEquals(200, filtered.statusCode(), filtered.body());
        }
    }

    @Test
    void theAdminSweepAnswersTheReportBehindTheToken() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_ADMIN_TOKEN", TOKEN, "BLOG_SCHEDULED_INTERVAL", "1h"))) {
            Thread.sleep(300); // the first tick, at startup, has run
            String draft = post(blog, "swept-draft", ",\"publish_at\":\"" + past() + "\"");
            for (String token : new String[] {null, "", "wrong-token"}) {
                HttpResponse<String> refused = send(blog, "POST", "/api/admin/sweep", token, null);
                assertEquals(401, refused.statusCode(), refused.body());
                assertEquals("UNAUTHORIZED", JSON.readTree(refused.body()).path("error").path("code").asText());
            }
            HttpResponse<String> swept = send(blog, "POST", "/api/admin/sweep", TOKEN, null);
            assertEquals(200, swept.statusCode(), swept.body());
            JsonNode report = JSON.readTree(swept.body()).path("data");
            assertEquals(1, report.path("updated").asInt(), swept.body());
            assertEquals(0, report.path("deleted").asInt());
            assertFalse(report.path("truncated").asBoolean());
            assertTrue(report.path("errors").isArray());
            assertEquals(1, report.path("per_model").path("Post").path("updated").asInt(), swept.body());
            assertEquals("published", read(blog, draft).path("status").asText());
        }
        try (BlogServer blog = BlogServer.start(Map.of())) {
            HttpResponse<String> unknown = send(blog, "POST", "/api/admin/sweep", TOKEN, null);
            assertEquals(404, unknown.statusCode(), unknown.body());
            assertEquals("NOT_FOUND", JSON.readTree(unknown.body()).path("error").path("code").asText());
        }
    }

    @Test
    void twoInstancesPublishEachPostOnce() throws Exception {
        Map<String, String> variables = Map.of("BLOG_SCHEDULED_INTERVAL", "200ms");
        try (BlogServer first = BlogServer.start(variables);
             BlogServer second = BlogServer.replicaOf(first, variables)) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                ids.add(post(first, "replicated-" + i, ",\"publish_at\":\"" + past() + "\""));
            }
            for (String id : ids) {
                await("post " + id + " is published", () -> "published".equals(read(second, id).path("status").asText()));
            }
            Thread.sleep(1000);
            assertEquals(5.0, transitions(first) + transitions(second), "each post once, by one instance or the other");
        }
    }
}
