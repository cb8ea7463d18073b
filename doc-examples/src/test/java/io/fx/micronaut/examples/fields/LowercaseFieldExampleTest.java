package io.fx.micronaut.examples.fields;

import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's contributed directive and codec: emails are stored, matched and kept unique lower-cased. */
@MicronautTest(transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:fields-example;DB_CLOSE_DELAY=-1")
class LowercaseFieldExampleTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURL() + path))
            .timeout(Duration.ofSeconds(10))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void emailsAreStoredMatchedAndUniqueLowerCased() throws Exception {
        HttpResponse<String> created = send("POST", "/api/contacts", "{\"email\":\"Ann@Example.ORG\",\"name\":\"Ann\"}");
        assertEquals(201, created.statusCode(), created.body());
        Map<String, Object> data = (Map<String, Object>) json.readValue(created.body(), Map.class).get("data");
        assertEquals("ann@example.org", data.get("email"));

        String filter = URLEncoder.encode("email:eq:ANN@example.org", StandardCharsets.UTF_8);
        Map<String, Object> found = json.readValue(send("GET", "/api/contacts?filter=" + filter, null).body(), Map.class);
        assertEquals(1, ((List<?>) found.get("data")).size());

        assertEquals(409, send("POST", "/api/contacts", "{\"email\":\"ANN@EXAMPLE.ORG\"}").statusCode());
    }
}
