package io.fx.micronaut.examples.middleware;

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

/** The README's middleware example, in the environment that enables it. */
@MicronautTest(environments = "secured", transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:require-user;DB_CLOSE_DELAY=-1")
class RequireUserTest {

    @Inject
    EmbeddedServer server;

    @Test
    void writesWithoutAPrincipalAreRefusedAndReadsStayOpen() throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> create = client.send(HttpRequest.newBuilder(URI.create(server.getURL() + "/api/posts"))
            .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"t\",\"body\":\"b\"}")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(401, create.statusCode());
        assertEquals("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":\"sign in first\"}}", create.body());
        HttpResponse<String> list = client.send(HttpRequest.newBuilder(URI.create(server.getURL() + "/api/posts"))
            .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, list.statusCode());
    }
}
