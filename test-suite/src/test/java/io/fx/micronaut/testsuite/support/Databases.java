package io.fx.micronaut.testsuite.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The database of the current matrix run and an isolated database per name on it. The run is
 * chosen by the system property {@code fx.test.database} ({@code h2} or {@code postgres}); the
 * PostgreSQL server by {@code fx.test.postgres-url} (default {@code 127.0.0.1:5432/test}). An
 * unreachable PostgreSQL fails the test with the URL and the command that starts it, never skips.
 */
public final class Databases {

    /** The system property selecting the database of the run. */
    public static final String DATABASE_PROPERTY = "fx.test.database";
    /** The base JDBC URL of the PostgreSQL server used by the postgres run. */
    public static final String POSTGRES_URL = System.getProperty("fx.test.postgres-url",
        "jdbc:postgresql://127.0.0.1:5432/test");
    /** The PostgreSQL user of the tests. */
    public static final String POSTGRES_USER = "postgres";
    static final String SCHEMA_PREFIX = "fx_t_";
    private static final String START_COMMAND =
        "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start";

    private Databases() {
    }

    /** @return whether this run is on PostgreSQL */
    public static boolean isPostgres() {
        return "postgres".equalsIgnoreCase(System.getProperty(DATABASE_PROPERTY, "h2").trim());
    }

    /**
     * Prepares an empty database named after {@code name} (dropping what a previous run left) and
     * returns the datasource properties that point the default datasource at it.
     *
     * @param name a test class or scenario name
     * @return the {@code datasources.default.*} properties
     */
    public static Map<String, String> properties(String name) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (isPostgres()) {
            String schema = schema(name);
            try (Connection connection = admin(); Statement statement = connection.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                statement.execute("CREATE SCHEMA " + schema);
            } catch (SQLException e) {
                throw new IllegalStateException("Could not create the test schema " + schema + ": " + e.getMessage(), e);
            }
            properties.put("datasources.default.url", url(name));
            properties.put("datasources.default.driver-class-name", "org.postgresql.Driver");
            properties.put("datasources.default.username", POSTGRES_USER);
            properties.put("datasources.default.password", "");
        } else {
            properties.put("datasources.default.url", url(name));
            properties.put("datasources.default.driver-class-name", "org.h2.Driver");
            properties.put("datasources.default.username", "sa");
            properties.put("datasources.default.password", "");
        }
        return properties;
    }

    /**
     * @param name  a test class or scenario name
     * @param extra more keys and values, in pairs
     * @return {@link #properties(String)} plus {@code spec.name} and the extra pairs, for
     *     {@code ApplicationContext.run}
     */
    public static Map<String, Object> config(String name, Object... extra) {
        Map<String, Object> config = new LinkedHashMap<>(properties(name));
        config.put("spec.name", name);
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return config;
    }

    /**
     * @param name a test class or scenario name
     * @return the JDBC URL of its database (without preparing it)
     */
    public static String url(String name) {
        return isPostgres() ? POSTGRES_URL + "?currentSchema=" + schema(name) + "&user=" + POSTGRES_USER
            : "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
    }

    /**
     * @param name a test class or scenario name
     * @return a new connection to its database, for seeding and inspecting
     */
    public static Connection connect(String name) throws SQLException {
        return isPostgres() ? open(url(name)) : DriverManager.getConnection(url(name), "sa", "");
    }

    /**
     * Runs the statements, in order, on the database of {@code name}.
     *
     * @param name a test class or scenario name
     */
    public static void execute(String name, String... statements) throws SQLException {
        try (Connection connection = connect(name); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** @return a connection to the PostgreSQL test database itself */
    public static Connection admin() throws SQLException {
        return open(POSTGRES_URL);
    }

    /**
     * @param name a test class or scenario name
     * @return its PostgreSQL schema name
     */
    public static String schema(String name) {
        String schema = SCHEMA_PREFIX + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return schema.length() > 63 ? schema.substring(0, 63) : schema;
    }

    private static Connection open(String url) throws SQLException {
        try {
            return DriverManager.getConnection(url, POSTGRES_USER, "");
        } catch (SQLException e) {
            if ("08001".equals(e.getSQLState()) || "08004".equals(e.getSQLState())) {
                throw new IllegalStateException("PostgreSQL is not reachable at " + POSTGRES_URL + " (" + e.getMessage()
                    + "). Start it with: " + START_COMMAND, e);
            }
            throw e;
        }
    }
}
