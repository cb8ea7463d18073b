package io.fx.micronaut.testsuite.startup;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class StartupTest {

    private static Map<String, Object> config(String spec, Object... extra) {
        Map<String, Object> config = new HashMap<>(Databases.properties("StartupTest" + spec));
        config.put("spec.name", spec);
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return config;
    }

    private static String failure(Map<String, Object> config) {
        return Failures.startupFailure(config);
    }

    @Test
    void registeringAClassThatIsNotAModelFailsNamingIt() {
        String message = failure(config("NotBaseModel"));
        assertTrue(message.contains(StartupModels.NotAModel.class.getName()), message);
        assertTrue(message.contains("must extend io.fx.micronaut.model.BaseModel"), message);
    }

    @Test
    void anUnsupportedPropertyTypeFailsNamingModelAndField() {
        String message = failure(config("BadType"));
        assertTrue(message.contains("Model BadTypeModel, field tags"), message);
        assertTrue(message.contains("json_array"), message);
    }

    @Test
    void anUnknownDirectiveIsAWarningNamingTheClosestKnownOne() {
        try (LogCapture log = new LogCapture("io.fx.micronaut.model.internal.ParsedDirectives");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Typo"))) {
            assertTrue(server.isRunning());
            String warnings = log.text();
            assertTrue(warnings.contains("Model TypoModel, field code: unknown directive 'read_only' (did you mean 'readonly'?)"),
                warnings);
        }
    }

    @Test
    void strictModeTurnsTheWarningIntoAFailure() {
        String message = failure(config("Typo", "fx.strict", "true"));
        assertTrue(message.contains("unknown directive 'read_only' (did you mean 'readonly'?)"), message);
        assertTrue(message.contains("fx.strict=true"), message);
    }

    @Test
    void registeringAfterTheAdapterOpenedFailsNamingTheClass() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Late"))) {
            ModelRegistry registry = server.getApplicationContext().getBean(ModelRegistry.class);
            RuntimeException e = assertThrows(RuntimeException.class,
                () -> registry.register(StartupModels.Gizmo.class));
            assertTrue(e.getMessage().contains(StartupModels.Gizmo.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("sealed"), e.getMessage());
        }
    }

    @Test
    void optionsApplyToTheModelRegisteredJustBeforeAndListsAreFlattened() throws Exception {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Programmatic"))) {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            String base = server.getURL().toString();
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(URI.create(base + "/api/gizmo_items"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"label\":\"g1\"}")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, created.statusCode(), created.body());
            HttpResponse<String> sprockets = client.send(HttpRequest.newBuilder(URI.create(base + "/api/sprockets"))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, sprockets.statusCode(), "the options did not leak onto the next model");
            HttpResponse<String> gizmos = client.send(HttpRequest.newBuilder(URI.create(base + "/api/gizmos"))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, gizmos.statusCode(), "the table name was overridden");
        }
    }
}
