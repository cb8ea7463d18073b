package io.fx.micronaut.test;

import io.micronaut.core.annotation.NonNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The database of the current test run and an isolated database per name on it, behind {@link TestDatabase}. The
 * run is chosen by the system property {@value #DATABASE_PROPERTY} ({@code h2}, the default, or {@code postgres});
 * the PostgreSQL server by {@value #POSTGRES_URL_PROPERTY} (default {@value #DEFAULT_POSTGRES_URL}, user
 * {@value #POSTGRES_USER}, no password: a local server with trust authentication). A name's database is an H2
 * in-memory database {@code jdbc:h2:mem:<name>} or the PostgreSQL schema {@code fx_t_<name>}, lower-cased.
 *
 * <p>Tests that start their own contexts take the properties from {@link #properties(String)}; tests seed and inspect
 * through {@link #connect(String)}.</p>
 *
 * @since 0.9.0
 */
public final class TestDatabases {

    /** The system property selecting the database of the run: {@code h2} or {@code postgres}. */
    public static final String DATABASE_PROPERTY = "fx.test.database";
    /** The system property naming the PostgreSQL database of the run. */
    public static final String POSTGRES_URL_PROPERTY = "fx.test.postgres-url";
    /** The PostgreSQL database used when {@value #POSTGRES_URL_PROPERTY} is not set. */
    public static final String DEFAULT_POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    /** The PostgreSQL user of the tests. */
    public static final String POSTGRES_USER = "postgres";
    /** The prefix of every schema created for a name. */
    public static final String SCHEMA_PREFIX = "fx_t_";

    private static final String START_COMMAND =
        "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start";
    private static final int MAX_IDENTIFIER = 63;

    private TestDatabases() {
    }

    /** @return whether this run is on PostgreSQL */
    public static boolean isPostgres() {
        return "postgres".equalsIgnoreCase(System.getProperty(DATABASE_PROPERTY, "h2").trim());
    }

    /** @return the base JDBC URL of the PostgreSQL server of the run */
    @NonNull
    public static String postgresUrl() {
        return System.getProperty(POSTGRES_URL_PROPERTY, DEFAULT_POSTGRES_URL);
    }

    /**
     * Prepares an empty database named after {@code name} (dropping what a previous run left) and returns the
     * datasource properties that point the default datasource at it.
     *
     * @param name a test class or scenario name
     * @return the {@code datasources.default.*} properties
     */
    @NonNull
    public static Map<String, String> properties(@NonNull String name) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("datasources.default.url", url(name));
        if (isPostgres()) {
            String schema = schema(name);
            try (Connection connection = admin(); Statement statement = connection.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                statement.execute("CREATE SCHEMA " + schema);
            } catch (SQLException e) {
                throw new IllegalStateException("Could not create the test schema " + schema + ": " + e.getMessage(), e);
            }
            properties.put("datasources.default.driver-class-name", "org.postgresql.Driver");
            properties.put("datasources.default.username", POSTGRES_USER);
        } else {
            properties.put("datasources.default.driver-class-name", "org.h2.Driver");
            properties.put("datasources.default.username", "sa");
        }
        properties.put("datasources.default.password", "");
        return properties;
    }

    /**
     * @param name a test class or scenario name
     * @return the JDBC URL of its database (without preparing it)
     */
    @NonNull
    public static String url(@NonNull String name) {
        return isPostgres() ? postgresUrl() + "?currentSchema=" + schema(name) + "&user=" + POSTGRES_USER
            : "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
    }

    /**
     * @param name a test class or scenario name
     * @return a new connection to its database, for seeding and inspecting
     * @throws SQLException when it cannot be opened
     */
    @NonNull
    public static Connection connect(@NonNull String name) throws SQLException {
        return isPostgres() ? open(url(name)) : DriverManager.getConnection(url(name), "sa", "");
    }

    /**
     * Runs the statements, in order, on the database of {@code name}.
     *
     * @param name       a test class or scenario name
     * @param statements SQL statements
     * @throws SQLException when one fails
     */
    public static void execute(@NonNull String name, @NonNull String... statements) throws SQLException {
        try (Connection connection = connect(name); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /**
     * @return a connection to the PostgreSQL test database itself
     * @throws SQLException when it cannot be opened
     * @throws IllegalStateException naming the URL and how to start PostgreSQL when the server is not reachable
     */
    @NonNull
    public static Connection admin() throws SQLException {
        return open(postgresUrl());
    }

    /**
     * @param name a test class or scenario name
     * @return its PostgreSQL schema name
     */
    @NonNull
    public static String schema(@NonNull String name) {
        String schema = SCHEMA_PREFIX + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return schema.length() > MAX_IDENTIFIER ? schema.substring(0, MAX_IDENTIFIER) : schema;
    }

    /**
     * Drops the PostgreSQL schemas of a name and of the scenarios named after it (those whose schema starts with
     * its own); nothing on H2, whose in-memory databases go with the JVM.
     *
     * @param name a test class name
     * @return the schemas dropped
     * @throws SQLException when the server refuses
     */
    @NonNull
    public static List<String> drop(@NonNull String name) throws SQLException {
        List<String> schemas = new ArrayList<>();
        if (!isPostgres()) {
            return schemas;
        }
        try (Connection connection = admin()) {
            try (PreparedStatement ps = connection.prepareStatement(
                "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, ?)")) {
                ps.setString(1, schema(name));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        schemas.add(rs.getString(1));
                    }
                }
            }
            try (Statement statement = connection.createStatement()) {
                for (String schema : schemas) {
                    statement.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
                }
            }
        }
        return schemas;
    }

    private static Connection open(String url) throws SQLException {
        try {
            return DriverManager.getConnection(url, POSTGRES_USER, "");
        } catch (SQLException e) {
            if ("08001".equals(e.getSQLState()) || "08004".equals(e.getSQLState())) {
                throw new IllegalStateException("PostgreSQL is not reachable at " + postgresUrl() + " ("
                    + e.getMessage() + "). Start it with: " + START_COMMAND, e);
            }
            throw e;
        }
    }
}
