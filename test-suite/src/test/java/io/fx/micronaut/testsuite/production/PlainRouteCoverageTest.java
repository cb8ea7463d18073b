package io.fx.micronaut.testsuite.production;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.production.ProductionValidator;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26 S8: with API-key-only security the generated routes need the key, but a plain Micronaut
 * controller under {@code fx.path-prefix} is served without it, since the Auth step never runs for it.
 * Production validation names every such route and refuses to start; in development each is a WARN at
 * startup. A route declared anonymous on purpose ({@code @Secured(IS_ANONYMOUS)}) and routes outside the
 * prefix are not named; {@code @Secured} with another rule covers only while Micronaut's
 * {@code SecurityFilter}, which enforces it, is on.
 */
@TestDatabase
class PlainRouteCoverageTest {

    static final String SPEC = "PlainRouteCoverageTest";
    private static final String KEY = "plain-route-key";
    private static final String WARNINGS = "io.fx.micronaut.production";

    private static Map<String, Object> config(Object... extra) {
        Map<String, Object> config = Databases.config(SPEC, "fx.security.api-keys.entries",
            List.of(Map.of("key", KEY, "user-id", "ci-bot")));
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return config;
    }

    @Test
    void productionRefusesToStartNamingEveryUncoveredPlainRoute() {
        String failure = Failures.startupFailure(config("fx.production", "true"));
        assertTrue(failure.contains("Production validation failed"), failure);
        assertTrue(failure.contains("route GET, HEAD /api/gauges (Gauges.list): no authentication covers it"), failure);
        assertTrue(failure.contains("route POST /api/gauges (Gauges.create)"), failure);
        assertTrue(failure.contains("route GET, HEAD /api/secured-gauges (SecuredGauges.list)"),
            "@Secured is not enforced while the SecurityFilter is off: " + failure);
        assertFalse(failure.contains("/api/public-gauges"), failure);
        assertFalse(failure.contains("/outside-gauges"), failure);
        assertFalse(failure.contains("model "), "the API key covers every generated operation: " + failure);
    }

    @Test
    void developmentWarnsAtStartupNamingThem() {
        try (LogCapture capture = new LogCapture(WARNINGS);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config())) {
            List<String> warnings = capture.events().stream().filter(e -> e.getLevel() == Level.WARN)
                .map(e -> e.getFormattedMessage()).toList();
            String all = String.join("\n", warnings);
            assertTrue(all.contains("route GET, HEAD /api/gauges (Gauges.list): no authentication covers it"), all);
            assertTrue(all.contains("route POST /api/gauges (Gauges.create)"), all);
            assertFalse(all.contains("/api/public-gauges") || all.contains("/outside-gauges"), all);

            Api api = new Api(server);
            assertEquals(401, api.get("/api/dossiers").status(), "the generated routes need the key");
            assertEquals(200, api.get("/api/gauges").status(), "the plain route does not, which the warning says");
            List<String> uncovered = server.getApplicationContext().getBean(ProductionValidator.class).findUncovered();
            assertEquals(3, uncovered.size(), String.join("\n", uncovered));
        }
    }

    @Test
    void securedRoutesCoverWhileTheSecurityFilterEnforcesThem() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                config("micronaut.security.filter.enabled", "true"))) {
            String uncovered = String.join("\n",
                server.getApplicationContext().getBean(ProductionValidator.class).findUncovered());
            assertFalse(uncovered.contains("/api/secured-gauges"), uncovered);
            assertTrue(uncovered.contains("route GET, HEAD /api/gauges (Gauges.list)"), uncovered);
        }
    }

    @Controller("/api/gauges")
    @Requires(property = "spec.name", value = SPEC)
    static class Gauges {
        @Get
        List<String> list() {
            return List.of("g1");
        }

        @Post
        String create() {
            return "created";
        }
    }

    @Controller("/api/public-gauges")
    @Secured(SecurityRule.IS_ANONYMOUS)
    @Requires(property = "spec.name", value = SPEC)
    static class PublicGauges {
        @Get
        List<String> list() {
            return List.of("g1");
        }
    }

    @Controller("/api/secured-gauges")
    @Secured(SecurityRule.IS_AUTHENTICATED)
    @Requires(property = "spec.name", value = SPEC)
    static class SecuredGauges {
        @Get
        List<String> list() {
            return List.of("g1");
        }
    }

    @Controller("/outside-gauges")
    @Requires(property = "spec.name", value = SPEC)
    static class OutsideGauges {
        @Get
        List<String> list() {
            return List.of("g1");
        }
    }
}
