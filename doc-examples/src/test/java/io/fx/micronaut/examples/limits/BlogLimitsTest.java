package io.fx.micronaut.examples.limits;

import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static io.fx.micronaut.examples.limits.BlogHttp.header;
import static io.fx.micronaut.examples.limits.BlogHttp.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's limit variables, black-box, on the memory backends: {@code BLOG_RATE_LIMIT} covers every operation of
 * every model with one bucket per caller; {@code BLOG_COMMENT_MAX_BODY} and {@code BLOG_POST_MAX_BODY} limit their
 * writes; {@code BLOG_IDEMPOTENCY} makes creates replayable and {@code BLOG_IDEMPOTENCY_REQUIRED} requires the key;
 * bad values stop the blog from starting.
 */
class BlogLimitsTest {

    @Test
    void oneRateLimitCoversEveryOperationOfEveryModel() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_RATE_LIMIT", "3", "BLOG_RATE_LIMIT_WINDOW", "2m"))) {
            HttpResponse<String> first = send(blog, "GET", "/api/posts", null);
            assertEquals(200, first.statusCode(), first.body());
            assertEquals("\"blog\";q=3;w=120", header(first, "RateLimit-Policy"));
            assertEquals(200, send(blog, "GET", "/api/tags", null).statusCode());
            assertEquals(201, send(blog, "POST", "/api/tags", "{\"name\":\"limits\"}").statusCode());
            HttpResponse<String> refused = send(blog, "GET", "/api/comments", null);
            assertEquals(429, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("\"RATE_LIMITED\""), refused.body());
            assertTrue(Long.parseLong(header(refused, "Retry-After")) >= 1, refused.headers().toString());
        }
    }

    @Test
    void bodyLimitsAndIdempotentCreates() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_COMMENT_MAX_BODY", "300", "BLOG_POST_MAX_BODY", "2000",
                 "BLOG_IDEMPOTENCY", "memory", "BLOG_IDEMPOTENCY_REQUIRED", "Comment"))) {
            String post = "{\"title\":\"Limits\",\"body\":\"b\",\"slug\":\"limits\"}";
            HttpResponse<String> created = send(blog, "POST", "/api/posts", post, "Idempotency-Key", "post-1");
            assertEquals(201, created.statusCode(), created.body());
            HttpResponse<String> replayed = send(blog, "POST", "/api/posts", post, "Idempotency-Key", "post-1");
            assertEquals(201, replayed.statusCode(), replayed.body());
            assertEquals(created.body(), replayed.body());
            assertEquals("true", header(replayed, "Idempotent-Replayed"));
            assertNull(header(created, "Idempotent-Replayed"));
            HttpResponse<String> reused = send(blog, "POST", "/api/posts", post.replace("Limits", "Other"),
                "Idempotency-Key", "post-1");
            assertEquals(422, reused.statusCode(), reused.body());
            assertTrue(reused.body().contains("\"IDEMPOTENCY_KEY_REUSED\""), reused.body());
            String postId = created.body().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");

            String comment = "{\"post_id\":\"" + postId + "\",\"author_name\":\"ann\",\"body\":\"hi\"}";
            HttpResponse<String> keyless = send(blog, "POST", "/api/comments", comment);
            assertEquals(400, keyless.statusCode(), keyless.body());
            assertTrue(keyless.body().contains("\"IDEMPOTENCY_KEY_REQUIRED\""), keyless.body());
            String large = comment.replace("\"hi\"", "\"" + "x".repeat(300) + "\"");
            HttpResponse<String> tooLarge = send(blog, "POST", "/api/comments", large, "Idempotency-Key", "c-1");
            assertEquals(413, tooLarge.statusCode(), tooLarge.body());
            assertTrue(tooLarge.body().contains("exceeds the limit of 300 bytes"), tooLarge.body());
            HttpResponse<String> commented = send(blog, "POST", "/api/comments", comment, "Idempotency-Key", "c-1");
            assertEquals(201, commented.statusCode(), commented.body());
            HttpResponse<String> largePost = send(blog, "POST", "/api/posts",
                post.replace("\"b\"", "\"" + "x".repeat(2000) + "\""), "Idempotency-Key", "post-2");
            assertEquals(413, largePost.statusCode(), largePost.body());
        }
    }

    @Test
    void badValuesStopTheBlogFromStarting() {
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_RATE_LIMIT", "many")))
            .getMessage().contains("BLOG_RATE_LIMIT is a positive whole number"));
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_IDEMPOTENCY", "disk")))
            .getMessage().contains("BLOG_IDEMPOTENCY is memory or redis"));
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_POST_MAX_BODY", "")))
            .getMessage().contains("BLOG_POST_MAX_BODY is set but empty"));
    }
}
