package io.fx.examples.quickstart;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's installation, end to end: the quickstart builds with the dependencies and processors it lists and
 * serves its model through the real server (on an in-memory database here, its file database when run). The
 * security module is on its classpath too, unconfigured: without an authenticator the API stays open.
 */
@MicronautTest
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:quickstart;DB_CLOSE_DELAY=-1")
class ItemApiTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Inject
    EmbeddedServer server;

    private HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURL() + path))
            .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theItemsAnswer() throws Exception {
        HttpResponse<String> created = send("POST", "/api/items", "{\"name\":\"widget\",\"quantity\":3}");
        assertEquals(201, created.statusCode(), created.body());
        assertTrue(created.body().contains("\"quantity\":3"), created.body());
        HttpResponse<String> listed = send("GET", "/api/items?filter=name:eq:widget", null);
        assertEquals(200, listed.statusCode(), listed.body());
        assertTrue(listed.body().contains("\"total\":1"), listed.body());
        HttpResponse<String> refused = send("POST", "/api/items", "{\"quantity\":-1}");
        assertEquals(422, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("VALIDATION_ERROR"), refused.body());
    }
}
