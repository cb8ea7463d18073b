package io.fx.micronaut.examples.bodies;

import io.micronaut.context.annotation.Property;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's streamed import, download and sub-resource redirect against the blog. */
@MicronautTest(environments = {"test", "bodies"}, transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:bodies;DB_CLOSE_DELAY=-1")
class BodiesExampleTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(String method, String path, String type, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURL() + path))
            .timeout(Duration.ofSeconds(10))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            request.header("Content-Type", type);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private Map<String, Object> read(String text) throws Exception {
        return json.readValue(text, Argument.mapOf(String.class, Object.class));
    }

    @Test
    void aCsvIsImportedLineByLineWithinItsLimit() throws Exception {
        HttpResponse<String> imported = send("POST", "/api/posts/import", "text/csv",
            "import-one,First import\nimport-two,Second import\n");
        assertEquals(200, imported.statusCode(), imported.body());
        assertEquals(Map.of("imported", 2), read(imported.body()));
        HttpResponse<String> tooLarge = send("POST", "/api/posts/import", "text/csv", "x".repeat(1024 * 1024 + 1));
        assertEquals(413, tooLarge.statusCode());
        assertTrue(tooLarge.body().contains("\"BODY_TOO_LARGE\""), tooLarge.body());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPostIsDownloadedAsMarkdownAndReplacedByAPut() throws Exception {
        HttpResponse<String> created = send("POST", "/api/posts", "application/json",
            "{\"title\":\"Grüße\",\"body\":\"Hello\",\"slug\":\"gruesse\"}");
        String id = (String) ((Map<String, Object>) read(created.body()).get("data")).get("id");
        String markdown = "/api/posts/" + id + "/markdown";
        HttpResponse<String> file = send("GET", markdown, null, null);
        assertEquals(200, file.statusCode());
        assertEquals("# Grüße\n\nHello\n", file.body());
        assertEquals("attachment; filename=\"gruesse.md\"", file.headers().firstValue("Content-Disposition").orElseThrow());
        HttpResponse<String> replaced = send("PUT", markdown, "text/markdown", "Hello *again*");
        assertEquals(303, replaced.statusCode(), replaced.body());
        assertEquals("/api/posts/" + id, replaced.headers().firstValue("Location").orElseThrow());
        HttpResponse<String> post = send("GET", "/api/posts/" + id, null, null);
        assertEquals("Hello *again*", ((Map<String, Object>) read(post.body()).get("data")).get("body"));
        assertEquals(405, send("DELETE", markdown, null, null).statusCode());
    }
}
