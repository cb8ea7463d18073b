package io.fx.micronaut.db.sql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ids bound against a real PostgreSQL server, connected as the framework's pools connect
 * ({@code stringtype=unspecified}): a uuid id column gets a typed uuid parameter, a text id column
 * (a table the framework did not create) keeps a text parameter, and both find their row.
 */
class IdBinderTest {

    private static final String URL = System.getProperty("fx.test.postgres-url", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String SCHEMA = "fx_id_binder_test";
    private static final String ID = "6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01";

    @BeforeAll
    static void createTables() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            statement.execute("CREATE SCHEMA " + SCHEMA);
            statement.execute("CREATE TABLE " + SCHEMA + ".uuid_ids (id uuid PRIMARY KEY, title text)");
            statement.execute("CREATE TABLE " + SCHEMA + ".text_ids (id varchar(36) PRIMARY KEY, title text)");
            statement.execute("CREATE TABLE " + SCHEMA + ".uuid1ids (id text PRIMARY KEY, title text)");
            statement.execute("INSERT INTO " + SCHEMA + ".uuid_ids VALUES ('" + ID + "', 'typed')");
            statement.execute("INSERT INTO " + SCHEMA + ".text_ids VALUES ('" + ID + "', 'text')");
        }
    }

    @AfterAll
    static void dropTables() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
    }

    @Test
    void aUuidIdColumnGetsATypedUuidParameter() throws SQLException {
        IdBinder ids = new IdBinder(new PostgresDialect());
        try (Connection connection = connect()) {
            // past pgjdbc's prepareThreshold (5), where the statement becomes a named server statement
            for (int i = 0; i < 8; i++) {
                try (PreparedStatement ps = connection.prepareStatement("SELECT title FROM uuid_ids WHERE id = ?")) {
                    ids.bind(connection, ps, 1, "uuid_ids", ID);
                    assertTrue(ps.toString().contains("'" + ID + "'::uuid"), ps.toString());
                    assertEquals("typed", title(ps));
                }
            }
        }
    }

    @Test
    void aTextIdColumnKeepsATextParameter() throws SQLException {
        IdBinder ids = new IdBinder(new PostgresDialect());
        try (Connection connection = connect()) {
            for (int i = 0; i < 8; i++) {
                try (PreparedStatement ps = connection.prepareStatement("SELECT title FROM text_ids WHERE id = ?")) {
                    ids.bind(connection, ps, 1, "text_ids", ID);
                    assertFalse(ps.toString().contains("::uuid"), ps.toString());
                    assertEquals("text", title(ps));
                }
            }
        }
    }

    @Test
    void theTableNameIsMatchedExactlyNotAsAPattern() throws SQLException {
        // "uuid_ids" as a LIKE pattern also matches "uuid1ids", whose id is text
        IdBinder ids = new IdBinder(new PostgresDialect());
        try (Connection connection = connect();
             PreparedStatement ps = connection.prepareStatement("SELECT title FROM uuid_ids WHERE id = ?")) {
            ids.bind(connection, ps, 1, "uuid_ids", ID);
            assertTrue(ps.toString().contains("::uuid"), ps.toString());
        }
    }

    @Test
    void aTableThatDoesNotExistYetGetsTextAndIsAskedAgainLater() throws SQLException {
        IdBinder ids = new IdBinder(new PostgresDialect());
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS later_ids");
            try (PreparedStatement ps = connection.prepareStatement("SELECT 1 WHERE ? IS NOT NULL")) {
                ids.bind(connection, ps, 1, "later_ids", ID);
                assertFalse(ps.toString().contains("::uuid"), ps.toString());
            }
            statement.execute("CREATE TABLE later_ids (id uuid PRIMARY KEY)");
            try (PreparedStatement ps = connection.prepareStatement("SELECT 1 FROM later_ids WHERE id = ?")) {
                ids.bind(connection, ps, 1, "later_ids", ID);
                assertTrue(ps.toString().contains("::uuid"), ps.toString());
            }
        }
    }

    @Test
    void aTypeLearntFromMigrationIsUsedWithoutALookup() throws SQLException {
        IdBinder ids = new IdBinder(new PostgresDialect());
        ids.learn("migrated_elsewhere", "uuid");
        ids.learn("text_ids", "varchar");
        try (Connection connection = connect();
             PreparedStatement typed = connection.prepareStatement("SELECT ?");
             PreparedStatement text = connection.prepareStatement("SELECT ?")) {
            // no table of that name exists: only the learnt type can make this a uuid
            ids.bind(connection, typed, 1, "migrated_elsewhere", ID);
            assertTrue(typed.toString().contains("::uuid"), typed.toString());
            ids.bind(connection, text, 1, "text_ids", ID);
            assertFalse(text.toString().contains("::uuid"), text.toString());
        }
    }

    @Test
    void anEmbeddedDialectAlwaysBindsText() throws SQLException {
        IdBinder ids = new IdBinder(new H2Dialect());
        try (Connection connection = connect();
             PreparedStatement ps = connection.prepareStatement("SELECT title FROM text_ids WHERE id = ?")) {
            ids.bind(connection, ps, 1, "uuid_ids", ID);
            assertFalse(ps.toString().contains("::uuid"), ps.toString());
        }
    }

    private static String title(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next(), "the row was found");
            return rs.getString(1);
        }
    }

    private static Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", System.getProperty("fx.test.postgres-user", "postgres"));
        properties.setProperty("stringtype", "unspecified");
        properties.setProperty("currentSchema", SCHEMA);
        properties.setProperty("connectTimeout", "10");
        properties.setProperty("socketTimeout", "30");
        return DriverManager.getConnection(URL, properties);
    }
}
