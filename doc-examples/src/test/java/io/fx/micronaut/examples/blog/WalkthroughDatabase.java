package io.fx.micronaut.examples.blog;

import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.test.support.TestPropertyProviderFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database of {@link BlogWalkthroughTest}: an in-memory H2 database, or, when
 * {@code DB_WRITE_URL} is set (the build's PostgreSQL run), that database exactly as the README
 * configures it, after emptying the schema named by its {@code currentSchema} parameter so each
 * run starts clean. An unreachable PostgreSQL fails the test naming the URL and how to start it.
 */
public final class WalkthroughDatabase implements TestPropertyProviderFactory {

    private static final Pattern SCHEMA = Pattern.compile("[?&]currentSchema=([a-z0-9_]+)");

    @Override
    public TestPropertyProvider create(Map<String, Object> availableProperties, Class<?> testClass) {
        if (testClass != BlogWalkthroughTest.class) {
            return Map::of;
        }
        String url = System.getenv("DB_WRITE_URL");
        if (url == null || url.isBlank()) {
            return () -> Map.of("datasources.default.url", "jdbc:h2:mem:blog-walkthrough;DB_CLOSE_DELAY=-1");
        }
        reset(url);
        return Map::of;
    }

    /**
     * Empties the schema named by the URL's {@code currentSchema} parameter (drops and creates it).
     *
     * @param url a PostgreSQL JDBC URL
     * @throws IllegalStateException naming the URL (password hidden) and how to start PostgreSQL when
     *     it is not reachable
     */
    public static void reset(String url) {
        Matcher schema = SCHEMA.matcher(url);
        if (schema.find()) {
            try (Connection connection = DriverManager.getConnection(url);
                 Statement statement = connection.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + schema.group(1) + " CASCADE");
                statement.execute("CREATE SCHEMA " + schema.group(1));
            } catch (SQLException e) {
                throw new IllegalStateException("PostgreSQL is not reachable at " + url.replaceAll("password=[^&]*", "password=***")
                    + " (" + e.getMessage() + "). Start it with: "
                    + "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start", e);
            }
        }
    }
}
