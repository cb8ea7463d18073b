package io.fx.micronaut.examples.history;

import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static io.fx.micronaut.examples.limits.BlogHttp.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's change history, black-box with {@code BLOG_HISTORY_TOKEN} set: a post's writes, the token required
 * for its history (not for the post), a comment's diff-only rows, the featured tag's deletion recorded as an update
 * of the post, and the history of a soft-deleted post still readable.
 */
class BlogHistoryTest {

    private static final String TOKEN = "history-token-for-tests";

    private static String id(HttpResponse<String> created) {
        assertEquals(201, created.statusCode(), created.body());
        return created.body().replaceAll(".*?\"id\":\"([^\"]+)\".*", "$1");
    }

    @Test
    void aPostsHistoryTakesTheTokenAndRecordsEveryWrite() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_HISTORY_TOKEN", TOKEN))) {
            String tag = id(send(blog, "POST", "/api/tags", "{\"name\":\"featured-history\"}"));
            String post = id(send(blog, "POST", "/api/posts", "{\"title\":\"Versioned\",\"body\":\"first\","
                + "\"slug\":\"versioned\",\"featured_tag_id\":\"" + tag + "\",\"secret\":\"s3cret\"}"));
            assertEquals(200, send(blog, "PATCH", "/api/posts/" + post, "{\"body\":\"second\"}").statusCode());
            assertEquals(204, send(blog, "DELETE", "/api/tags/" + tag, null).statusCode());

            assertEquals(200, send(blog, "GET", "/api/posts/" + post, null).statusCode(), "reads stay open");
            HttpResponse<String> refused = send(blog, "GET", "/api/posts/" + post + "/history", null);
            assertEquals(401, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("\"UNAUTHORIZED\""), refused.body());
            assertEquals(401, send(blog, "GET", "/api/posts/" + post + "/history", null, "X-History-Token", "wrong")
                .statusCode());

            HttpResponse<String> history = send(blog, "GET", "/api/posts/" + post + "/history", null,
                "X-History-Token", TOKEN);
            assertEquals(200, history.statusCode(), history.body());
            String body = history.body();
            assertTrue(body.indexOf("\"version\":3") < body.indexOf("\"version\":2")
                && body.indexOf("\"version\":2") < body.indexOf("\"version\":1"), "newest first: " + body);
            assertTrue(body.contains("\"featured_tag_id\":{\"old\":\"" + tag + "\",\"new\":null}"),
                "the tag's deletion is an update of the post: " + body);
            assertTrue(body.contains("\"body\":{\"old\":\"first\",\"new\":\"second\"}"), body);
            assertFalse(body.contains("s3cret") || body.contains("internal_note"), body);
            assertTrue(body.contains("\"total\":3"), body);

            assertEquals(204, send(blog, "DELETE", "/api/posts/" + post, null).statusCode());
            HttpResponse<String> kept = send(blog, "GET", "/api/posts/" + post + "/history", null,
                "X-History-Token", TOKEN);
            assertEquals(200, kept.statusCode(), kept.body());
            assertTrue(kept.body().contains("\"operation\":\"delete\"") && kept.body().contains("\"total\":4"),
                kept.body());
        }
    }

    @Test
    void aCommentKeepsTheChangedFieldsOnly() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of())) {
            String post = id(send(blog, "POST", "/api/posts", "{\"title\":\"Commented\",\"body\":\"b\",\"slug\":\"commented\"}"));
            String comment = id(send(blog, "POST", "/api/comments", "{\"post_id\":\"" + post
                + "\",\"author_name\":\"ann\",\"body\":\"hello\"}"));
            assertEquals(200, send(blog, "PATCH", "/api/comments/" + comment, "{\"score\":4}").statusCode());
            HttpResponse<String> history = send(blog, "GET", "/api/comments/" + comment + "/history", null);
            assertEquals(200, history.statusCode(), history.body());
            assertTrue(history.body().contains("\"score\":{\"old\":null,\"new\":4}"), history.body());
            assertFalse(history.body().contains("\"snapshot\""), history.body());
            assertEquals(200, send(blog, "GET", "/api/posts/" + post + "/history", null).statusCode(),
                "without BLOG_HISTORY_TOKEN the history is as open as the post");
        }
    }
}
