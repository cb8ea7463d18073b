package io.fx.micronaut.aws;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The database of the run: H2 in memory, or with {@code -Dfx.test.database=postgres} (the module's postgres
 * execution) a schema of its own on the PostgreSQL at {@code 127.0.0.1:5432/test}, emptied first.
 */
final class TestDatabases {

    static final String POSTGRES = System.getProperty("fx.test.postgres-url", "jdbc:postgresql://127.0.0.1:5432/test");

    private TestDatabases() {
    }

    static boolean isPostgres() {
        return "postgres".equalsIgnoreCase(System.getProperty("fx.test.database", "h2"));
    }

    /**
     * @param name a database or schema name
     * @return the {@code datasources.default.*} properties of an empty database of that name
     */
    static Map<String, Object> empty(String name) {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (isPostgres()) {
            String schema = "fx_aws_" + name;
            try (Connection admin = DriverManager.getConnection(POSTGRES + "?user=postgres");
                 Statement statement = admin.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                statement.execute("CREATE SCHEMA " + schema);
            } catch (SQLException e) {
                throw new IllegalStateException("PostgreSQL at " + POSTGRES + " is needed for the postgres run: "
                    + e.getMessage(), e);
            }
            properties.put("datasources.default.url", POSTGRES + "?currentSchema=" + schema + "&user=postgres");
            properties.put("datasources.default.driver-class-name", "org.postgresql.Driver");
            properties.put("datasources.default.username", "postgres");
        } else {
            properties.put("datasources.default.url", "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
            properties.put("datasources.default.driver-class-name", "org.h2.Driver");
            properties.put("datasources.default.username", "sa");
        }
        properties.put("datasources.default.password", "");
        return properties;
    }
}
