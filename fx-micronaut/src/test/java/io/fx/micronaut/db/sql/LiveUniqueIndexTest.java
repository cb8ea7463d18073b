package io.fx.micronaut.db.sql;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dialects' live-only unique index ({@link SqlDialect#liveUniqueIndexStatements}) on real
 * databases: a soft-deleted row's value can be taken again, two live rows cannot share it, running the
 * statements again is harmless, and {@link SqlDialect#isLiveUniqueIndex} tells the index from a full one
 * through JDBC metadata.
 */
class LiveUniqueIndexTest {

    private static final String PG_URL = System.getProperty("fx.test.postgres-url", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String SCHEMA = "fx_live_unique_test";
    private static final String LIVE = "\"deleted_at\" IS NULL";

    @Test
    void h2UsesAUniqueIndexOverAGeneratedLiveColumn() throws SQLException {
        H2Dialect dialect = new H2Dialect();
        assertEquals(List.of("fx_live"), dialect.helperColumns());
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:live-unique-test", "sa", "")) {
            exercise(dialect, connection);
        }
    }

    @Test
    void postgresUsesAPartialUniqueIndex() throws SQLException {
        PostgresDialect dialect = new PostgresDialect();
        assertEquals(List.of(), dialect.helperColumns());
        assertEquals(List.of("CREATE UNIQUE INDEX IF NOT EXISTS \"uq_items_slug\" ON \"items\" (\"slug\") WHERE " + LIVE),
            dialect.liveUniqueIndexStatements("items", "uq_items_slug", List.of("slug"), LIVE));
        Properties properties = new Properties();
        properties.setProperty("user", "postgres");
        try (Connection admin = DriverManager.getConnection(PG_URL, properties);
             Statement statement = admin.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            statement.execute("CREATE SCHEMA " + SCHEMA);
        }
        properties.setProperty("currentSchema", SCHEMA);
        try (Connection connection = DriverManager.getConnection(PG_URL, properties)) {
            exercise(dialect, connection);
        } finally {
            try (Connection admin = DriverManager.getConnection(PG_URL, "postgres", "");
                 Statement statement = admin.createStatement()) {
                statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            }
        }
    }

    private static void exercise(SqlDialect dialect, Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE \"items\" (\"id\" VARCHAR(36) PRIMARY KEY, \"slug\" VARCHAR(100), "
                + "\"deleted_at\" TIMESTAMP WITH TIME ZONE)");
            statement.execute("CREATE UNIQUE INDEX \"uq_items_full\" ON \"items\" (\"slug\")");
            assertFalse(dialect.isLiveUniqueIndex(columns(connection, "uq_items_full"), filter(connection, "uq_items_full")),
                "a full unique index is not live-only");
            statement.execute("DROP INDEX \"uq_items_full\"");
            for (int run = 0; run < 2; run++) {
                for (String sql : dialect.liveUniqueIndexStatements("items", "uq_items_slug", List.of("slug"), LIVE)) {
                    statement.execute(sql);
                }
            }
            assertTrue(dialect.isLiveUniqueIndex(columns(connection, "uq_items_slug"), filter(connection, "uq_items_slug")));
            statement.execute("INSERT INTO \"items\" (\"id\", \"slug\", \"deleted_at\") VALUES ('1', 'a', CURRENT_TIMESTAMP)");
            statement.execute("INSERT INTO \"items\" (\"id\", \"slug\", \"deleted_at\") VALUES ('2', 'a', CURRENT_TIMESTAMP)");
            statement.execute("INSERT INTO \"items\" (\"id\", \"slug\") VALUES ('3', 'a')");
            SQLException duplicate = assertThrows(SQLException.class,
                () -> statement.execute("INSERT INTO \"items\" (\"id\", \"slug\") VALUES ('4', 'a')"));
            assertEquals("23505", duplicate.getSQLState());
            assertTrue(duplicate.getMessage().toLowerCase(Locale.ROOT).contains("uq_items_slug"), duplicate.getMessage());
        }
    }

    private static List<String> columns(Connection connection, String index) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = connection.getMetaData().getIndexInfo(connection.getCatalog(), connection.getSchema(),
            "items", true, false)) {
            while (rs.next()) {
                if (index.equals(rs.getString("INDEX_NAME"))) {
                    columns.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
        }
        assertFalse(columns.isEmpty(), index);
        return columns;
    }

    private static String filter(Connection connection, String index) throws SQLException {
        try (ResultSet rs = connection.getMetaData().getIndexInfo(connection.getCatalog(), connection.getSchema(),
            "items", true, false)) {
            while (rs.next()) {
                if (index.equals(rs.getString("INDEX_NAME"))) {
                    return rs.getString("FILTER_CONDITION");
                }
            }
        }
        return null;
    }
}
