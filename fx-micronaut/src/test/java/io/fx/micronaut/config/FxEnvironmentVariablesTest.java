package io.fx.micronaut.config;

import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FxEnvironmentVariablesTest {

    @Test
    void mapsEveryVariable() {
        Map<String, Object> properties = FxEnvironmentVariables.toProperties(null, Map.of(
            "PORT", "9090", "DB_WRITE_URL", "jdbc:h2:mem:x", "DB_READ_URL", "jdbc:h2:mem:y",
            "QUERY_TIMEOUT_MS", "250", "SHUTDOWN_TIMEOUT_S", "12", "SERVICE_NAME", "svc",
            "HEALTH_CHECK_DB", "true", "UNRELATED", "x"));
        assertEquals(Map.of("micronaut.server.port", 9090, "datasources.default.url", "jdbc:h2:mem:x",
            "fx.db-read-url", "jdbc:h2:mem:y", "fx.query-timeout", "250ms", "fx.shutdown-timeout", "12s",
            "fx.service-name", "svc", "fx.health-check-db", true), properties);
    }

    @Test
    void aPrefixIsJoinedWithAnUnderscoreAndUnprefixedNamesAreIgnored() {
        Map<String, Object> properties = FxEnvironmentVariables.toProperties("blog",
            Map.of("BLOG_PORT", "1234", "PORT", "5678"));
        assertEquals(Map.of("micronaut.server.port", 1234), properties);
    }

    @Test
    void aPostgresUriBecomesAJdbcUrlWithDriverAndSeparateCredentials() {
        Map<String, Object> properties = FxEnvironmentVariables.toProperties(null, Map.of(
            "DB_WRITE_URL", "postgres://app:s3cret@db:5432/shop?sslmode=require",
            "DB_READ_URL", "postgres://app:s3cret@replica:5432/shop"));
        assertEquals(Map.of("datasources.default.url", "jdbc:postgresql://db:5432/shop?sslmode=require",
            "datasources.default.driver-class-name", "org.postgresql.Driver",
            "datasources.default.username", "app", "datasources.default.password", "s3cret",
            "fx.db-read-url", "postgres://app:s3cret@replica:5432/shop"), properties);
    }

    @Test
    void aMalformedPostgresUriIsNamedButNotShown() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class, () ->
            FxEnvironmentVariables.toProperties(null, Map.of("DB_READ_URL", "postgres://app:top secret@/shop")));
        assertTrue(e.getMessage().contains("DB_READ_URL"), e.getMessage());
        assertFalse(e.getMessage().contains("top secret"), e.getMessage());
    }

    @Test
    void unsetAndEmptyVariablesKeepDefaults() {
        assertTrue(FxEnvironmentVariables.toProperties("", Map.of("PORT", "")).isEmpty());
    }

    @ParameterizedTest
    @CsvSource({"PORT, eighty", "PORT, 70000", "QUERY_TIMEOUT_MS, -1", "SHUTDOWN_TIMEOUT_S, 1.5",
        "HEALTH_CHECK_DB, maybe"})
    void unreadableVariablesAreNamed(String name, String value) {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> FxEnvironmentVariables.toProperties(null, Map.of(name, value)));
        assertTrue(e.getMessage().contains(name), e.getMessage());
    }

    @Test
    void urlsNeverEchoTheirValueInErrors() {
        Map<String, Object> ok = FxEnvironmentVariables.toProperties(null,
            Map.of("DB_WRITE_URL", "jdbc:postgresql://h/db?password=secret"));
        assertFalse(ok.isEmpty());
    }
}
