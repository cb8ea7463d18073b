package io.fx.micronaut.config;

import io.fx.micronaut.config.PostgresUrl;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Maps exactly these environment variables onto configuration keys: {@code PORT},
 * {@code DB_WRITE_URL}, {@code DB_READ_URL}, {@code QUERY_TIMEOUT_MS}, {@code SHUTDOWN_TIMEOUT_S},
 * {@code SERVICE_NAME}, {@code HEALTH_CHECK_DB}, each optionally behind a prefix joined with an
 * underscore ({@code BLOG_PORT}). The prefix comes from the {@code FX_ENV_PREFIX} variable or the
 * {@code fx.env-prefix} system property. Unset or empty variables are skipped so defaults apply; a
 * set but unreadable variable fails startup with an error naming it.
 *
 * @since 0.1.0
 */
public final class FxEnvironmentVariables {

    /** The variable naming the prefix. */
    public static final String PREFIX_VARIABLE = "FX_ENV_PREFIX";
    /** The system property naming the prefix. */
    public static final String PREFIX_PROPERTY = "fx.env-prefix";

    private FxEnvironmentVariables() {
    }

    /**
     * @param prefix      the variable prefix, or null/empty for none
     * @param environment the environment variables
     * @return configuration keys and values
     * @throws FxConfigurationException naming the variable when a set variable cannot be read
     */
    @NonNull
    public static Map<String, Object> toProperties(@Nullable String prefix, @NonNull Map<String, String> environment) {
        String p = prefix == null || prefix.isBlank() ? "" : prefix.trim().toUpperCase(Locale.ROOT) + "_";
        Map<String, Object> properties = new LinkedHashMap<>();
        String port = value(environment, p + "PORT");
        if (port != null) {
            int number = integer(p + "PORT", port);
            if (number < 0 || number > 65535) {
                throw unreadable(p + "PORT", port, "a port number from 0 to 65535");
            }
            properties.put("micronaut.server.port", number);
        }
        String writeUrl = value(environment, p + "DB_WRITE_URL");
        if (writeUrl != null) {
            putWriteUrl(properties, p + "DB_WRITE_URL", writeUrl);
        }
        String readUrl = value(environment, p + "DB_READ_URL");
        if (readUrl != null) {
            checkUrl(p + "DB_READ_URL", readUrl);
            properties.put("fx.db-read-url", readUrl);
        }
        String queryTimeout = value(environment, p + "QUERY_TIMEOUT_MS");
        if (queryTimeout != null) {
            properties.put("fx.query-timeout", nonNegative(p + "QUERY_TIMEOUT_MS", queryTimeout) + "ms");
        }
        String shutdown = value(environment, p + "SHUTDOWN_TIMEOUT_S");
        if (shutdown != null) {
            properties.put("fx.shutdown-timeout", nonNegative(p + "SHUTDOWN_TIMEOUT_S", shutdown) + "s");
        }
        String service = value(environment, p + "SERVICE_NAME");
        if (service != null) {
            properties.put("fx.service-name", service);
        }
        String healthDb = value(environment, p + "HEALTH_CHECK_DB");
        if (healthDb != null) {
            properties.put("fx.health-check-db", bool(p + "HEALTH_CHECK_DB", healthDb));
        }
        return properties;
    }

    /**
     * A PostgreSQL URL in either form becomes a JDBC URL plus driver and, for a libpq URI, the
     * credentials as separate keys (so they never sit in a logged URL); other URLs pass unchanged.
     */
    private static void putWriteUrl(Map<String, Object> properties, String name, String url) {
        if (!PostgresUrl.isPostgres(url)) {
            properties.put("datasources.default.url", url);
            return;
        }
        PostgresUrl parsed = checkUrl(name, url);
        properties.put("datasources.default.url", parsed.jdbcUrl());
        properties.put("datasources.default.driver-class-name", "org.postgresql.Driver");
        if (parsed.user() != null) {
            properties.put("datasources.default.username", parsed.user());
            properties.put("datasources.default.password", parsed.password() == null ? "" : parsed.password());
        }
    }

    private static PostgresUrl checkUrl(String name, String url) {
        try {
            return PostgresUrl.isPostgres(url) ? PostgresUrl.parse(url) : null;
        } catch (FxConfigurationException e) {
            throw unreadable(name, url, "a JDBC URL or a postgres://user:pass@host:5432/db URI");
        }
    }

    private static String value(Map<String, String> environment, String name) {
        String value = environment.get(name);
        return value == null || value.isEmpty() ? null : value;
    }

    private static int integer(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw unreadable(name, value, "an integer");
        }
    }

    private static long nonNegative(String name, String value) {
        try {
            long number = Long.parseLong(value.trim());
            if (number >= 0) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw unreadable(name, value, "a non-negative integer");
    }

    private static boolean bool(String name, String value) {
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on":
                return true;
            case "false", "0", "no", "off":
                return false;
            default:
                throw unreadable(name, value, "true or false");
        }
    }

    private static FxConfigurationException unreadable(String name, String value, String expected) {
        return new FxConfigurationException("Environment variable " + name + " is set but unreadable: expected "
            + expected + (name.endsWith("URL") ? "" : ", got '" + value + "'"));
    }
}
