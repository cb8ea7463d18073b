package io.fx.micronaut.examples.readme;

import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The events README's audit in code ({@link Audit}) with its sink of its own ({@link SiemSink}), in the blog: a
 * post's create and update reach the sink as write records (the update with its changes), a read of the post as a
 * read record; a tag's read is not audited (read audit covers posts only).
 */
class AuditExampleTest {

    static final String SPEC = "AuditExampleTest";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(BlogServer blog, String method, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
            .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static String id(HttpResponse<String> created) {
        assertEquals(201, created.statusCode(), created.body());
        return created.body().replaceAll(".*?\"id\":\"([^\"]+)\".*", "$1");
    }

    private static Map<String, Object> await(Siem siem, Predicate<Map<String, Object>> record, String what)
        throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            for (Map<String, Object> received : siem.received()) {
                if (record.test(received)) {
                    return received;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("timed out waiting for " + what + "; received " + siem.received());
    }

    @Test
    void writesAndPostReadsReachTheSinkOfOurOwn() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of(), Map.of("spec.name", SPEC,
                 "fx.audit.write.sink", "siem", "fx.audit.read.sink", "siem"))) {
            Siem siem = blog.context().getBean(Siem.class);
            String post = id(send(blog, "POST", "/api/posts", "{\"title\":\"Draft\",\"body\":\"b\",\"slug\":\"audit-me\"}"));
            assertEquals(200, send(blog, "PATCH", "/api/posts/" + post, "{\"title\":\"Hello\"}").statusCode());
            assertEquals(200, send(blog, "GET", "/api/posts/" + post, null).statusCode());
            String tag = id(send(blog, "POST", "/api/tags", "{\"name\":\"audited\"}"));
            assertEquals(200, send(blog, "GET", "/api/tags/" + tag, null).statusCode());

            Map<String, Object> created = await(siem, r -> "write".equals(r.get("kind")) && "create".equals(r.get("operation"))
                && post.equals(r.get("record_id")), "the post's create");
            assertEquals("Post", created.get("model"));
            assertEquals("success", created.get("result"));
            Map<String, Object> updated = await(siem, r -> "update".equals(r.get("operation"))
                && post.equals(r.get("record_id")), "the post's update");
            assertEquals(Map.of("title", Map.of("from", "Draft", "to", "Hello")), updated.get("changes"));
            await(siem, r -> "read".equals(r.get("kind")) && "read".equals(r.get("operation"))
                && post.equals(r.get("record_id")), "the post's read");
            await(siem, r -> "write".equals(r.get("kind")) && "Tag".equals(r.get("model")), "the tag's create");
            List<Map<String, Object>> all = siem.received();
            assertFalse(all.stream().anyMatch(r -> "read".equals(r.get("kind")) && "Tag".equals(r.get("model"))),
                "reads of tags are not audited: " + all);
            assertTrue(all.stream().noneMatch(r -> "read".equals(r.get("kind")) && r.containsKey("changes")), all.toString());
        }
    }
}
