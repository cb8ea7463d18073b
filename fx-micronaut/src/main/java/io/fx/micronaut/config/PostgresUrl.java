package io.fx.micronaut.config;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A PostgreSQL connection string in either accepted form, the JDBC URL
 * ({@code jdbc:postgresql://host:5432/db?user=…}) or the libpq URI
 * ({@code postgres://user:pass@host:5432/db?sslmode=…}), turned into a JDBC URL without
 * credentials plus the user and password. {@link #toString()} never shows the password.
 *
 * @param jdbcUrl  the JDBC URL, without the credentials of a libpq URI
 * @param user     the user of a libpq URI, or null
 * @param password the password of a libpq URI, or null
 * @since 0.1.0
 */
@Internal
public record PostgresUrl(@NonNull String jdbcUrl, @Nullable String user, @Nullable String password) {

    /** The prefix of PostgreSQL JDBC URLs. */
    public static final String JDBC_PREFIX = "jdbc:postgresql:";

    /**
     * @param url a connection string
     * @return whether it names a PostgreSQL server, in either form
     */
    public static boolean isPostgres(@Nullable String url) {
        if (url == null) {
            return false;
        }
        String lower = url.trim().toLowerCase(Locale.ROOT);
        return lower.startsWith(JDBC_PREFIX) || lower.startsWith("postgres://") || lower.startsWith("postgresql://");
    }

    /**
     * @param url a JDBC URL or libpq URI
     * @return the parsed form
     * @throws FxConfigurationException when a libpq URI is malformed (the message never shows the URI)
     */
    @NonNull
    public static PostgresUrl parse(@NonNull String url) {
        String trimmed = url.trim();
        if (trimmed.toLowerCase(Locale.ROOT).startsWith("jdbc:")) {
            return new PostgresUrl(trimmed, null, null);
        }
        URI uri;
        try {
            uri = new URI(trimmed);
        } catch (URISyntaxException e) {
            throw new FxConfigurationException("The PostgreSQL connection URI is malformed (expected "
                + "postgres://user:pass@host:5432/db?param=value)");
        }
        if (uri.getHost() == null) {
            throw new FxConfigurationException("The PostgreSQL connection URI names no host (expected "
                + "postgres://user:pass@host:5432/db?param=value)");
        }
        String user = null;
        String password = null;
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
            password = colon < 0 ? null : decode(userInfo.substring(colon + 1));
        }
        String hostPort = uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "");
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        return new PostgresUrl(JDBC_PREFIX + "//" + hostPort + path + query, user, password);
    }

    private static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "PostgresUrl[" + redacted(jdbcUrl) + (user == null ? "" : ", user=" + user) + "]";
    }

    /**
     * @param jdbcUrl a JDBC URL
     * @return the URL with the value of any {@code password} parameter replaced by {@code ***}
     */
    @NonNull
    public static String redacted(@NonNull String jdbcUrl) {
        return jdbcUrl.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }
}
