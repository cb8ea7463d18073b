package io.fx.micronaut.testsuite.production;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.production.ProductionCheck;
import io.fx.micronaut.production.ProductionValidator;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link ProductionCheck} seam: a module's check bean reports what makes the application unfit; with
 * {@code fx.production=true} startup fails naming it (with {@code fx.http-access-controlled=true} too, since a
 * check judges configuration, not only access), in development it is a startup warning, and a check with
 * nothing to report lets production start.
 */
@TestDatabase
class ProductionCheckTest {

    static final String SPEC = "ProductionCheckTest";

    private static Map<String, Object> config(boolean gaugeConfigured, Object... extra) {
        Map<String, Object> config = Databases.config(SPEC, "fx.security.api-keys.entries",
            List.of(Map.of("key", "check-key", "user-id", "ci-bot")));
        config.put("gauges.configured", gaugeConfigured);
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return config;
    }

    @Test
    void productionRefusesToStartNamingTheProblem() {
        String failure = Failures.startupFailure(config(false, "fx.production", "true"));
        assertTrue(failure.contains("Production validation failed, 1 uncovered"), failure);
        assertTrue(failure.contains("gauges.configured is false: set it before serving"), failure);
    }

    @Test
    void checksRunWhenGlobalFiltersAreAssertedToo() {
        String failure = Failures.startupFailure(config(false, "fx.production", "true",
            "fx.http-access-controlled", "true"));
        assertTrue(failure.contains("gauges.configured is false"), failure);
    }

    @Test
    void aCheckWithNothingToReportLetsProductionStart() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                config(true, "fx.production", "true"))) {
            assertEquals(List.of(), server.getApplicationContext().getBean(ProductionValidator.class).findProblems());
            assertEquals(401, new Api(server).get("/api/dossiers").status());
        }
    }

    @Test
    void developmentWarnsAtStartup() {
        try (LogCapture capture = new LogCapture("io.fx.micronaut.production");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config(false))) {
            List<String> warnings = capture.events().stream().filter(e -> e.getLevel() == Level.WARN)
                .map(e -> e.getFormattedMessage()).toList();
            assertTrue(warnings.contains("Not fit for production: gauges.configured is false: set it before serving; "
                + "fx.production: true refuses to start like this"), String.join("\n", warnings));
            assertEquals(List.of("gauges.configured is false: set it before serving"),
                server.getApplicationContext().getBean(ProductionValidator.class).findProblems());
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class GaugesConfigured implements ProductionCheck {
        private final boolean configured;

        GaugesConfigured(@Value("${gauges.configured:false}") boolean configured) {
            this.configured = configured;
        }

        @Override
        public List<String> findProblems() {
            return configured ? List.of() : List.of("gauges.configured is false: set it before serving");
        }
    }
}
