package io.fx.micronaut.examples.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fx.micronaut.examples.security.BlogServer;
import io.lettuce.core.RedisClient;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's jobs, black-box over the admin routes: {@code BLOG_ADMIN_TOKEN} guards them (401 without or with
 * another token, 404 when unset), a request is checked field by field (422), {@code flaky} is retried with
 * {@code BLOG_JOBS_BACKOFF} until it succeeds or its {@code BLOG_JOBS_MAX_ATTEMPTS} are spent, and {@code digest}
 * runs; on the memory store and on the machine's Redis under a prefix of the test's own.
 */
class BlogJobsTest {

    static final String TOKEN = "admin-token-for-tests-0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    HttpResponse<String> send(BlogServer blog, String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("X-Admin-Token", token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private String enqueue(BlogServer blog, String body) throws Exception {
        HttpResponse<String> accepted = send(blog, "POST", "/api/admin/jobs", TOKEN, body);
        assertEquals(202, accepted.statusCode(), accepted.body());
        JsonNode data = JSON.readTree(accepted.body()).path("data");
        assertFalse(data.path("id").asText().isEmpty(), accepted.body());
        // the status when the answer was made: a fast worker may already have run or failed the job
        assertTrue(List.of("scheduled", "enqueued", "running", "failed", "succeeded", "dead")
            .contains(data.path("status").asText()), accepted.body());
        return data.path("id").asText();
    }

    /** Polls the status route until the job is finished (succeeded, dead or cancelled), at most 20 s. */
    private JsonNode finished(BlogServer blog, String id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            HttpResponse<String> status = send(blog, "GET", "/api/admin/jobs/" + id, TOKEN, null);
            assertEquals(200, status.statusCode(), status.body());
            JsonNode data = JSON.readTree(status.body()).path("data");
            if (List.of("succeeded", "dead", "cancelled").contains(data.path("status").asText())) {
                return data;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("job " + id + " did not finish: " + status.body());
            }
            Thread.sleep(50);
        }
    }

    private void jobsRun(Map<String, String> variables) throws Exception {
        try (BlogServer blog = BlogServer.start(variables)) {
            String flaky = enqueue(blog, "{\"type\":\"flaky\",\"payload\":{\"fail_times\":2}}");
            JsonNode done = finished(blog, flaky);
            assertEquals("succeeded", done.path("status").asText(), done.toString());
            assertEquals(3, done.path("attempts").asInt(), "two failed attempts, then success: " + done);
            assertEquals("flaky", done.path("type").asText());
            assertTrue(done.has("last_error") && done.has("enqueued_at") && done.has("finished_at"),
                "snake_case fields: " + done);

            String dead = enqueue(blog, "{\"type\":\"flaky\",\"payload\":{\"fail_times\":9}}");
            JsonNode gaveUp = finished(blog, dead);
            assertEquals("dead", gaveUp.path("status").asText(), gaveUp.toString());
            assertEquals(3, gaveUp.path("attempts").asInt(), "BLOG_JOBS_MAX_ATTEMPTS=3: " + gaveUp);
            assertTrue(gaveUp.path("last_error").asText().contains("flaky: attempt 3"), gaveUp.toString());

            String created = send(blog, "POST", "/api/posts", null,
                "{\"title\":\"Digested\",\"body\":\"b\",\"slug\":\"digested\"}").body();
            String post = JSON.readTree(created).path("data").path("id").asText();
            assertEquals(200, send(blog, "POST", "/api/posts/" + post + "/publish", null, "").statusCode());
            String digest = enqueue(blog, "{\"type\":\"digest\",\"delay_ms\":200}");
            JsonNode digested = finished(blog, digest);
            assertEquals("succeeded", digested.path("status").asText(), digested.toString());
            assertEquals(1, digested.path("attempts").asInt());
            assertNull(digested.path("last_error").textValue());
        }
    }

    @Test
    void jobsRunOnTheMemoryStore() throws Exception {
        jobsRun(Map.of("BLOG_ADMIN_TOKEN", TOKEN, "BLOG_JOBS", "memory", "BLOG_JOBS_BACKOFF", "100ms",
            "BLOG_JOBS_MAX_ATTEMPTS", "3"));
    }

    @Test
    void jobsRunOnRedis() throws Exception {
        String prefix = "blog-jobs-test:" + UUID.randomUUID();
        try {
            jobsRun(Map.of("BLOG_ADMIN_TOKEN", TOKEN, "BLOG_JOBS", "redis", "BLOG_REDIS_URL", "redis://127.0.0.1:6379",
                "BLOG_JOBS_PREFIX", prefix, "BLOG_JOBS_BACKOFF", "100ms", "BLOG_JOBS_MAX_ATTEMPTS", "3"));
        } finally {
            try (RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
                 StatefulRedisConnection<String, String> redis = client.connect()) {
                redis.setTimeout(Duration.ofSeconds(5));
                List<String> keys = redis.sync().keys(prefix + ":*");
                assertFalse(keys.isEmpty(), "the jobs lived under the test's prefix");
                redis.sync().del(keys.toArray(String[]::new));
            }
        }
    }

    @Test
    void theAdminRoutesRefuseWithTheErrorEnvelope() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_ADMIN_TOKEN", TOKEN))) {
            String job = "{\"type\":\"flaky\"}";
            for (String token : new String[] {null, "", "wrong-token", TOKEN + "x"}) {
                HttpResponse<String> refused = send(blog, "POST", "/api/admin/jobs", token, job);
                assertEquals(401, refused.statusCode(), refused.body());
                assertEquals("UNAUTHORIZED", JSON.readTree(refused.body()).path("error").path("code").asText());
                assertFalse(refused.body().contains(TOKEN), "the token is never echoed");
            }
            assertEquals(401, send(blog, "GET", "/api/admin/jobs/" + UUID.randomUUID(), "wrong", null).statusCode());

            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"mine-bitcoin\"}"), "type");
            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN, "{}"), "type");
            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"flaky\",\"delay_ms\":-1}"), "delay_ms");
            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"flaky\",\"delay_ms\":\"soon\"}"),
                "delay_ms");
            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"digest\",\"payload\":[1]}"), "payload");
            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN,
                "{\"type\":\"flaky\",\"payload\":{\"fail_times\":\"two\"}}"), "payload.fail_times");
            assertField(send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"flaky\",\"priority\":1}"), "priority");

            HttpResponse<String> unknown = send(blog, "GET", "/api/admin/jobs/" + UUID.randomUUID(), TOKEN, null);
            assertEquals(404, unknown.statusCode(), unknown.body());
            assertEquals("NOT_FOUND", JSON.readTree(unknown.body()).path("error").path("code").asText());
        }
    }

    private static void assertField(HttpResponse<String> refused, String field) throws Exception {
        assertEquals(422, refused.statusCode(), refused.body());
        JsonNode error = JSON.readTree(refused.body()).path("error");
        assertEquals("VALIDATION_ERROR", error.path("code").asText(), refused.body());
        boolean named = false;
        for (JsonNode detail : error.path("details")) {
            named |= field.equals(detail.path("field").asText());
        }
        assertTrue(named, field + " is named: " + refused.body());
    }

    @Test
    void theAdminRoutesAreDocumentedAsTheyAnswer() throws Exception {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_ADMIN_TOKEN", TOKEN))) {
            HttpResponse<String> served = send(blog, "GET", "/api/openapi.json", null, null);
            assertEquals(200, served.statusCode());
            ParseOptions options = new ParseOptions();
            options.setResolve(false);
            SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(served.body(), null, options);
            assertEquals(List.of(), parsed.getMessages(), "a valid document");
            JsonNode document = JSON.readTree(served.body());
            JsonNode enqueue = document.path("paths").path("/api/admin/jobs").path("post");
            assertTrue(enqueue.path("responses").has("202") && !enqueue.path("responses").has("200"), enqueue.toString());
            assertEquals("X-Admin-Token", document.path("components").path("securitySchemes").path("adminToken")
                .path("name").asText());
            assertTrue(enqueue.path("security").toString().contains("adminToken"), enqueue.toString());
            JsonNode status = document.path("paths").path("/api/admin/jobs/{id}").path("get");
            assertTrue(status.path("security").toString().contains("adminToken"), status.toString());

            HttpResponse<String> accepted = send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"flaky\"}");
            assertDocumentedFields(enqueue.path("responses").path("202"), accepted);
            String id = JSON.readTree(accepted.body()).path("data").path("id").asText();
            finished(blog, id);
            assertDocumentedFields(status.path("responses").path("200"),
                send(blog, "GET", "/api/admin/jobs/" + id, TOKEN, null));
        }
    }

    /** Every field the documented {@code data} object requires is in the answer's {@code data}. */
    private static void assertDocumentedFields(JsonNode response, HttpResponse<String> answer) throws Exception {
        JsonNode required = response.path("content").path("application/json").path("schema").path("properties")
            .path("data").path("required");
        assertTrue(required.size() >= 3, response.toString());
        JsonNode data = JSON.readTree(answer.body()).path("data");
        for (JsonNode field : required) {
            assertTrue(data.has(field.asText()), field + " documented and answered: " + answer.body());
        }
    }

    @Test
    void badJobVariablesStopTheBlogNamingThem() {
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_JOBS", "kafka")))
            .getMessage().contains("BLOG_JOBS"));
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_JOBS", "redis")))
            .getMessage().contains("BLOG_REDIS_URL"));
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_ADMIN_TOKEN", "")))
            .getMessage().contains("BLOG_ADMIN_TOKEN"));
        Exception attempts = assertThrows(Exception.class, () -> BlogServer.start(Map.of("BLOG_JOBS_MAX_ATTEMPTS", "0")));
        assertTrue(String.valueOf(attempts.getMessage()).contains("max-attempts"), attempts.toString());
    }

    @Test
    void withoutTheTokenVariableThereAreNoAdminRoutes() throws Exception {
        Map<String, String> variables = new HashMap<>();
        try (BlogServer blog = BlogServer.start(variables)) {
            for (HttpResponse<String> missing : List.of(
                    send(blog, "POST", "/api/admin/jobs", TOKEN, "{\"type\":\"flaky\"}"),
                    send(blog, "GET", "/api/admin/jobs/" + UUID.randomUUID(), TOKEN, null))) {
                assertEquals(404, missing.statusCode(), missing.body());
                assertEquals("NOT_FOUND", JSON.readTree(missing.body()).path("error").path("code").asText());
            }
            assertFalse(send(blog, "GET", "/api/openapi.json", null, null).body().contains("/api/admin/jobs"),
                "nor documented");
        }
    }
}
