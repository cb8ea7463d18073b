package io.fx.micronaut.config;

import io.fx.micronaut.config.PostgresUrl;

import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PostgresUrlTest {

    @Test
    void aLibpqUriBecomesAJdbcUrlWithSeparateCredentials() {
        PostgresUrl url = PostgresUrl.parse("postgres://app:p%40ss:w@db.internal:6432/shop?sslmode=require&prepareThreshold=0");
        assertEquals("jdbc:postgresql://db.internal:6432/shop?sslmode=require&prepareThreshold=0", url.jdbcUrl());
        assertEquals("app", url.user());
        assertEquals("p@ss:w", url.password());
        assertFalse(url.toString().contains("p@ss"), url.toString());
    }

    @Test
    void thePostgresqlSchemeAndADefaultPortAreAccepted() {
        PostgresUrl url = PostgresUrl.parse("postgresql://db/shop");
        assertEquals("jdbc:postgresql://db/shop", url.jdbcUrl());
        assertNull(url.user());
    }

    @Test
    void aJdbcUrlPassesUnchanged() {
        String jdbc = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
        assertEquals(jdbc, PostgresUrl.parse(jdbc).jdbcUrl());
        assertTrue(PostgresUrl.isPostgres(jdbc));
        assertFalse(PostgresUrl.isPostgres("jdbc:h2:mem:x"));
    }

    @Test
    void aMalformedUriFailsWithoutShowingIt() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> PostgresUrl.parse("postgres://user:top secret@/db"));
        assertFalse(e.getMessage().contains("top secret"), e.getMessage());
    }

    @Test
    void passwordsInJdbcUrlsAreRedacted() {
        assertEquals("jdbc:postgresql://h/db?user=u&password=***&ssl=true",
            PostgresUrl.redacted("jdbc:postgresql://h/db?user=u&password=hunter2&ssl=true"));
    }
}
