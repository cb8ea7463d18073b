package io.fx.micronaut.examples.events;

import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpServer;
import io.fx.micronaut.examples.security.BlogServer;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's subscriber variables, black-box: {@code BLOG_WEBHOOK_URL} and its secret deliver the blog's events to a
 * loopback receiver, signed as Standard Webhooks; {@code BLOG_AUDIT_SINK=redis} writes audit records of writes (with
 * their changes) and of post reads to a stream on the machine's Redis.
 */
class BlogSubscribersTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(BlogServer blog, String method, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
            .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    record Received(Map<String, List<String>> headers, String body) {
    }

    @Test
    void theBlogsEventsReachASignedWebhook() throws Exception {
        String secret = "whsec_" + Base64.getEncoder().encodeToString(
            "blog-webhook-secret-32-bytes-long".getBytes(StandardCharsets.US_ASCII));
        List<Received> received = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", exchange -> {
            received.add(new Received(Map.copyOf(exchange.getRequestHeaders()),
                new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_EVENTS", "true",
                 "BLOG_WEBHOOK_URL", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook",
                 "BLOG_WEBHOOK_SECRET", secret, "BLOG_WEBHOOK_EVENTS", "post.*",
                 "BLOG_WEBHOOK_ALLOWED_NETWORKS", "127.0.0.0/8", "BLOG_WEBHOOK_RETRY", "1s,1s"))) {
            HttpResponse<String> created = send(blog, "POST", "/api/posts",
                "{\"title\":\"Hooked\",\"body\":\"b\",\"slug\":\"hooked\"}");
            assertEquals(201, created.statusCode(), created.body());
            assertEquals(201, send(blog, "POST", "/api/tags", "{\"name\":\"not-a-post\"}").statusCode());
            await(() -> received.stream().anyMatch(r -> r.body().contains("\"type\":\"post.created\"")), "post.created");
            Received hook = received.stream().filter(r -> r.body().contains("\"type\":\"post.created\"")).findFirst()
                .orElseThrow();
            new Webhook(secret).verify(hook.body(), hook.headers());
            assertTrue(hook.body().contains("\"title\":\"Hooked\""), hook.body());
            Thread.sleep(500);
            assertFalse(received.stream().anyMatch(r -> r.body().contains("\"type\":\"tag.")),
                "BLOG_WEBHOOK_EVENTS post.* leaves tags out");
        } finally {
            receiver.stop(0);
        }
    }

    @Test
    void writesAndPostReadsAreAuditedToRedis() throws Exception {
        String stream = "blog-audit-" + UUID.randomUUID();
        try (RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
             StatefulRedisConnection<String, String> redis = client.connect();
             BlogServer blog = BlogServer.start(Map.of("BLOG_AUDIT_SINK", "redis",
                 "BLOG_REDIS_URL", "redis://127.0.0.1:6379", "BLOG_AUDIT_STREAM", stream))) {
            redis.setTimeout(Duration.ofSeconds(5));
            try {
                HttpResponse<String> created = send(blog, "POST", "/api/posts",
                    "{\"title\":\"Audited\",\"body\":\"b\",\"slug\":\"audited\",\"secret\":\"s3cret\"}");
                assertEquals(201, created.statusCode(), created.body());
                String id = created.body().replaceAll(".*?\"id\":\"([^\"]+)\".*", "$1");
                assertEquals(200, send(blog, "PATCH", "/api/posts/" + id, "{\"title\":\"Audited twice\"}").statusCode());
                assertEquals(200, send(blog, "GET", "/api/posts/" + id, null).statusCode());
                await(() -> redis.sync().xlen(stream) >= 3, "three audit records");
                List<StreamMessage<String, String>> entries = redis.sync().xrange(stream, Range.create("-", "+"));
                String all = entries.stream().map(m -> m.getBody().get("record")).toList().toString();
                assertTrue(all.contains("\"operation\":\"update\"") && all.contains("\"result\":\"success\"")
                    && all.contains("\"from\":\"Audited\""), all);
                assertTrue(all.contains("\"operation\":\"read\"") && all.contains(id), all);
                assertFalse(all.contains("s3cret"), "write-only values are never audited: " + all);
            } finally {
                redis.sync().del(stream);
            }
        }
    }
}
