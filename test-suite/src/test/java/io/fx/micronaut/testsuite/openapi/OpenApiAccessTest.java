package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.production.ProductionValidator;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26 S8: {@code fx.openapi.access} decides whether the document ({@code /api/openapi.json}) and the
 * Swagger UI page with its assets ({@code /api/docs}) need a credential. By default they follow the API's
 * reads: with API-key-only security (no anonymous reads anywhere) both answer 401 without the key, through
 * the same Auth step as the custom actions; with anonymous reads they are public. {@code public} and
 * {@code protected} decide it outright; a protected document that nothing authenticates is named by
 * production validation.
 */
@TestDatabase
class OpenApiAccessTest {

    static final String SPEC = "OpenApiAccessTest";
    private static final String KEY = "openapi-access-key";
    private static final Map<String, String> WITH_KEY = Map.of("X-API-Key", KEY);
    private static final List<String> PATHS = List.of("/api/openapi.json", "/api/docs", "/api/docs/swagger-ui.css");

    private static EmbeddedServer start(boolean apiKey, Object... extra) {
        Map<String, Object> config = Databases.config(SPEC, "fx.openapi.enabled", "true");
        if (apiKey) {
            config.put("fx.security.api-keys.entries", List.of(Map.of("key", KEY, "user-id", "ci-bot")));
        }
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return ApplicationContext.run(EmbeddedServer.class, config);
    }

    private static Api api(EmbeddedServer server) {
        return new Api(server);
    }

    private static List<String> uncovered(EmbeddedServer server) {
        return server.getApplicationContext().getBean(ProductionValidator.class).findUncovered();
    }

    @Test
    void withoutAnonymousReadsTheDocumentAndThePageNeedACredential() {
        try (EmbeddedServer server = start(true)) {
            Api api = api(server);
            for (String path : PATHS) {
                Reply anonymous = api.get(path);
                assertEquals(401, anonymous.status(), path + " " + anonymous);
                assertEquals("UNAUTHORIZED", anonymous.code(), path);
                assertEquals("Bearer realm=\"api\"", anonymous.header("WWW-Authenticate"), path);
                assertFalse(anonymous.text().contains("openapi\""), "nothing of the document leaks: " + anonymous);
                Reply wrongKey = api.send("GET", path, null, Map.of("X-API-Key", "not-the-key"));
                assertEquals(401, wrongKey.status(), path + " " + wrongKey);
                assertEquals(200, api.send("GET", path, null, WITH_KEY).status(), path);
            }
            Reply document = api.send("GET", "/api/openapi.json", null, WITH_KEY);
            assertEquals("3.1.0", document.body().get("openapi"), document::toString);
            assertEquals(401, api.head("/api/openapi.json").status(), "HEAD is guarded as GET");
            assertEquals(List.of(), uncovered(server), "the key covers the document's routes");
        }
    }

    @Test
    void withAnonymousReadsTheDocumentIsPublicByDefault() {
        try (EmbeddedServer server = start(true, "fx.openapi.access", "as-reads",
                "fx.security.anonymous.operations", List.of("list", "read"))) {
            Api api = api(server);
            for (String path : PATHS) {
                assertEquals(200, api.get(path).status(), path);
            }
            String uncovered = String.join("\n", uncovered(server));
            assertFalse(uncovered.contains("route "), "public as the reads, on purpose: " + uncovered);
        }
    }

    @Test
    void publicServesItToAnyoneAndProtectedAsksEvenWhenReadsArePublic() {
        try (EmbeddedServer server = start(true, "fx.openapi.access", "public")) {
            for (String path : PATHS) {
                assertEquals(200, api(server).get(path).status(), path);
            }
            assertEquals(List.of(), uncovered(server), "public on purpose");
        }
        try (EmbeddedServer server = start(true, "fx.openapi.access", "protected",
                "fx.security.anonymous.operations", List.of("list", "read"))) {
            Api api = api(server);
            assertEquals(200, api.get("/api/dossiers").status(), "reads are anonymous");
            for (String path : PATHS) {
                assertEquals(401, api.get(path).status(), path);
                assertEquals(200, api.send("GET", path, null, WITH_KEY).status(), path);
            }
        }
    }

    @Test
    void aProtectedDocumentThatNothingAuthenticatesIsNamed() {
        try (EmbeddedServer server = start(false, "fx.openapi.access", "protected")) {
            String uncovered = String.join("\n", uncovered(server));
            assertTrue(uncovered.contains("route GET, HEAD /api/openapi.json (OpenApiController.openApi): "
                + "no authentication covers it"), uncovered);
            assertTrue(uncovered.contains("/api/docs"), uncovered);
        }
    }
}
