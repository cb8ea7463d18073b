package io.fx.micronaut.examples.limits;

import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;

import static io.fx.micronaut.examples.limits.BlogHttp.header;
import static io.fx.micronaut.examples.limits.BlogHttp.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Two instances of the blog on one database (PostgreSQL in the build's PostgreSQL run) and one Redis
 * ({@code BLOG_RATE_LIMIT_BACKEND=redis}, {@code BLOG_IDEMPOTENCY=redis}, keys under {@code BLOG_REDIS_PREFIX}):
 * they count one rate limit bucket together, and a create made on one is replayed by the other.
 */
class BlogLimitsReplicasTest {

    @Test
    void replicasShareCountersAndIdempotencyEntries() throws Exception {
        Map<String, String> variables = Map.of("BLOG_RATE_LIMIT", "100", "BLOG_RATE_LIMIT_BACKEND", "redis",
            "BLOG_IDEMPOTENCY", "redis", "BLOG_REDIS_URL", "redis://127.0.0.1:6379",
            "BLOG_REDIS_PREFIX", "blog-test:" + UUID.randomUUID() + ":");
        try (BlogServer a = BlogServer.start(variables); BlogServer b = BlogServer.replicaOf(a, variables)) {
            assertEquals("\"blog\";r=99", remaining(send(a, "GET", "/api/posts", null)));
            assertEquals("\"blog\";r=98", remaining(send(b, "GET", "/api/posts", null)));
            assertEquals("\"blog\";r=97", remaining(send(a, "GET", "/api/tags", null)));

            String post = "{\"title\":\"Replicas\",\"body\":\"b\",\"slug\":\"replicas\"}";
            HttpResponse<String> created = send(a, "POST", "/api/posts", post, "Idempotency-Key", "replicas-1");
            assertEquals(201, created.statusCode(), created.body());
            HttpResponse<String> replayed = send(b, "POST", "/api/posts", post, "Idempotency-Key", "replicas-1");
            assertEquals(201, replayed.statusCode(), replayed.body());
            assertEquals("true", header(replayed, "Idempotent-Replayed"));
            assertEquals(created.body(), replayed.body());
            HttpResponse<String> list = send(b, "GET", "/api/posts", null);
            assertEquals(1, list.body().split("\"slug\":\"replicas\"", -1).length - 1, list.body());
        }
    }

    private static String remaining(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.body());
        return header(response, "RateLimit").replaceAll(";t=\\d+", "");
    }
}
