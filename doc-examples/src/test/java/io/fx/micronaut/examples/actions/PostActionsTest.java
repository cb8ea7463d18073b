package io.fx.micronaut.examples.actions;

import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.core.type.Argument;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's action, transaction and background examples against the blog. */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:post-actions;DB_CLOSE_DELAY=-1")
class PostActionsTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    DraftReport report;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> post(String path, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(server.getURL() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void publishingADraftOnceAndOnlyOnce() throws Exception {
        HttpResponse<String> created = post("/api/posts", "{\"title\":\"t\",\"body\":\"b\",\"slug\":\"publish-me\"}");
        assertEquals(201, created.statusCode(), created.body());
        Map<String, Object> data = json.readValue(created.body(), Argument.mapOf(String.class, Object.class));
        @SuppressWarnings("unchecked")
        String id = (String) ((Map<String, Object>) data.get("data")).get("id");
        long drafts = report.drafts();
        HttpResponse<String> published = post("/api/posts/" + id + "/publish", "");
        assertEquals(200, published.statusCode(), published.body());
        assertEquals(Map.of("id", id, "status", "published"),
            json.readValue(published.body(), Argument.mapOf(String.class, Object.class)));
        assertEquals(drafts - 1, report.drafts());
        assertEquals(1, report.published());
        HttpResponse<String> again = post("/api/posts/" + id + "/publish", "");
        assertEquals(409, again.statusCode());
        assertEquals("{\"error\":{\"code\":\"NOT_A_DRAFT\",\"message\":\"only drafts can be published\"}}", again.body());
    }
}
