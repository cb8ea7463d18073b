package io.fx.micronaut.testsuite.web.cors;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * A CORS configuration admitting any origin with credentials fails startup naming its key and what to
 * set; without credentials it is a warning; a configuration listing its origins starts quietly.
 */
@TestDatabase
class CorsStartupTest {

    private static final String CHECK = "io.fx.micronaut.web.CorsStartupCheck";
    private static final String WEB = "micronaut.server.cors.configurations.web";

    /** @return an application of its own with CORS enabled and the pairs */
    private static Map<String, Object> config(Object... extra) {
        List<Object> pairs = new ArrayList<>(List.of("micronaut.server.cors.enabled", "true"));
        pairs.addAll(List.of(extra));
        return Databases.config("CorsStartupTest", pairs.toArray());
    }

    /** Each row: what is configured, its pairs, the configuration the failure names, and what else it says. */
    static Stream<Arguments> anyOriginWithCredentialsFailsStartup() {
        return Stream.of(
            arguments("a wildcard origin with credentials", List.of(WEB + ".allowed-origins", "*",
                WEB + ".allow-credentials", "true"), WEB, "allowed-origins lists '*'"),
            arguments("no origins listed, with credentials by default", List.of(WEB + ".allowed-methods", "GET"), WEB,
                "allowed-origins is not set"),
            arguments("CORS enabled without any configuration (the default one is named)", List.of(),
                "micronaut.server.cors.configurations.default", "micronaut.server.cors.enabled with no configurations"),
            arguments("an origin pattern matching anything, with credentials",
                List.of(WEB + ".allowed-origins-regex", "https?://.*"), WEB,
                "allowed-origins-regex 'https?://.*' matches any origin"),
            arguments("the second of two configurations", List.of(WEB + ".allowed-origins", "https://app.example",
                "micronaut.server.cors.configurations.partners.allowed-origins", "*"),
                "micronaut.server.cors.configurations.partners", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void anyOriginWithCredentialsFailsStartup(String configured, List<Object> pairs, String key, String says) {
        String message = Failures.startupFailure(config(pairs.toArray()));
        assertTrue(message.contains(key + " admits any origin with credentials"), message);
        assertTrue(message.contains(key + ".allowed-origins"), message);
        assertTrue(message.contains(key + ".allow-credentials: false"), message);
        if (says != null) {
            assertTrue(message.contains(says), message);
        }
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
