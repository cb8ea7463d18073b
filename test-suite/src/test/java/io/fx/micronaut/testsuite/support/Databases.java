package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.test.TestDatabases;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The database of the current matrix run and an isolated database per name on it: the suite's names for
 * fx-micronaut-test's {@link TestDatabases}, which does the work (the run is chosen by the system property
 * {@code fx.test.database}, {@code h2} or {@code postgres}; the PostgreSQL server by {@code fx.test.postgres-url},
 * default {@code 127.0.0.1:5432/test}). An unreachable PostgreSQL fails the test with the URL and the command that
 * starts it, never skips.
 */
public final class Databases {

    /** The system property selecting the database of the run. */
    public static final String DATABASE_PROPERTY = TestDatabases.DATABASE_PROPERTY;
    /** The base JDBC URL of the PostgreSQL server used by the postgres run. */
    public static final String POSTGRES_URL = TestDatabases.postgresUrl();
    /** The PostgreSQL user of the tests. */
    public static final String POSTGRES_USER = TestDatabases.POSTGRES_USER;
    static final String SCHEMA_PREFIX = TestDatabases.SCHEMA_PREFIX;

    private Databases() {
    }

    /** @return whether this run is on PostgreSQL */
    public static boolean isPostgres() {
        return TestDatabases.isPostgres();
    }

    /**
     * Prepares an empty database named after {@code name} (dropping what a previous run left) and
     * returns the datasource properties that point the default datasource at it.
     *
     * @param name a test class or scenario name
     * @return the {@code datasources.default.*} properties
     */
    public static Map<String, String> properties(String name) {
        return TestDatabases.properties(name);
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
        return TestDatabases.url(name);
    }

    /**
     * @param name a test class or scenario name
     * @return a new connection to its database, for seeding and inspecting
     */
    public static Connection connect(String name) throws SQLException {
        return TestDatabases.connect(name);
    }

    /**
     * Runs the statements, in order, on the database of {@code name}.
     *
     * @param name a test class or scenario name
     */
    public static void execute(String name, String... statements) throws SQLException {
        TestDatabases.execute(name, statements);
    }

    /** @return a connection to the PostgreSQL test database itself */
    public static Connection admin() throws SQLException {
        return TestDatabases.admin();
    }

    /**
     * @param name a test class or scenario name
     * @return its PostgreSQL schema name
     */
    public static String schema(String name) {
        return TestDatabases.schema(name);
    }
}
