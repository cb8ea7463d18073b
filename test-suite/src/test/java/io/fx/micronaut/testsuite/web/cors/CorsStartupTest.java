package io.fx.micronaut.testsuite.web.cors;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A CORS configuration admitting any origin with credentials fails startup naming its key and what to
 * set; without credentials it is a warning; a configuration listing its origins starts quietly.
 */
@TestDatabase
class CorsStartupTest {

    private static final String CHECK = "io.fx.micronaut.web.CorsStartupCheck";
    private static final String WEB = "micronaut.server.cors.configurations.web";

    private static Map<String, Object> config(Object... extra) {
        Map<String, Object> config = new HashMap<>(Databases.properties("CorsStartupTest"));
        config.put("spec.name", "CorsStartupTest");
        config.put("micronaut.server.cors.enabled", "true");
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return config;
    }

    private static void assertNamesKeyAndRemedy(String message, String key) {
        assertTrue(message.contains(key + " admits any origin with credentials"), message);
        assertTrue(message.contains(key + ".allowed-origins"), message);
        assertTrue(message.contains(key + ".allow-credentials: false"), message);
    }

    @Test
    void aWildcardOriginWithCredentialsFailsStartup() {
        String message = Failures.startupFailure(config(WEB + ".allowed-origins", "*",
            WEB + ".allow-credentials", "true"));
        assertNamesKeyAndRemedy(message, WEB);
        assertTrue(message.contains("allowed-origins lists '*'"), message);
    }

    @Test
    void noOriginsListedWithCredentialsByDefaultFailsStartup() {
        String message = Failures.startupFailure(config(WEB + ".allowed-methods", "GET"));
        assertNamesKeyAndRemedy(message, WEB);
        assertTrue(message.contains("allowed-origins is not set"), message);
    }

    @Test
    void enablingCorsWithoutAnyConfigurationFailsStartupNamingTheDefaultOne() {
        String message = Failures.startupFailure(config());
        assertNamesKeyAndRemedy(message, "micronaut.server.cors.configurations.default");
        assertTrue(message.contains("micronaut.server.cors.enabled with no configurations"), message);
    }

    @Test
    void anOriginPatternMatchingAnythingWithCredentialsFailsStartup() {
        String message = Failures.startupFailure(config(WEB + ".allowed-origins-regex", "https?://.*"));
        assertNamesKeyAndRemedy(message, WEB);
        assertTrue(message.contains("allowed-origins-regex 'https?://.*' matches any origin"), message);
    }

    @Test
    void theSecondOfTwoConfigurationsIsNamed() {
        String message = Failures.startupFailure(config(WEB + ".allowed-origins", "https://app.example",
            "micronaut.server.cors.configurations.partners.allowed-origins", "*"));
        assertNamesKeyAndRemedy(message, "micronaut.server.cors.configurations.partners");
    }

    @Test
    void anyOriginWithoutCredentialsIsAWarning() {
        try (LogCapture log = new LogCapture(CHECK);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                 config(WEB + ".allowed-origins", "*", WEB + ".allow-credentials", "false"))) {
            assertTrue(server.isRunning());
            assertEquals(1, log.events().size(), log.text());
            assertEquals(Level.WARN, log.events().get(0).getLevel());
            String warning = log.text();
            assertTrue(warning.contains(WEB + " admits any origin: allowed-origins lists '*'"), warning);
            assertTrue(warning.contains("Set " + WEB + ".allowed-origins"), warning);
        }
    }

    @Test
    void listedOriginsWithCredentialsStartWithoutWarning() {
        try (LogCapture log = new LogCapture(CHECK);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                 config(WEB + ".allowed-origins", "https://app.example,https://admin.example",
                     WEB + ".allowed-origins-regex", "^https://[a-z]+\\.app\\.example$"))) {
            assertTrue(server.isRunning());
            assertEquals("", log.text());
        }
    }

    @Test
    void corsDisabledIsNotChecked() {
        try (LogCapture log = new LogCapture(CHECK);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                 config("micronaut.server.cors.enabled", "false", WEB + ".allowed-origins", "*"))) {
            assertTrue(server.isRunning());
            assertEquals("", log.text());
        }
    }
}
