package io.fx.micronaut.testsuite.softunique;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 11, migration: a soft-delete model's table created earlier with a full unique
 * constraint and a full unique index (raw SQL, as older versions left it) is converted at startup to
 * live-only unique indexes under the same names, logged at INFO naming table and index; a second
 * startup changes nothing and logs no conversion.
 */
@TestDatabase
class SoftDeleteUniqueMigrationTest {

    private static final String NAME = "SoftDeleteUniqueMigrationTest";
    private static final String LOGGER = "io.fx.micronaut.db.sql.UniqueKeyMigrator";

    @Test
    void fullUniqueConstraintsOfAnExistingTableAreConvertedOnceAndLogged() throws Exception {
        Map<String, Object> config = Databases.config(NAME);
        String timestamp = "TIMESTAMP(6) WITH TIME ZONE";
        String id = Databases.isPostgres() ? "uuid" : "VARCHAR(36)";
        try (Connection connection = Databases.connect(NAME); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE \"handles\" (\"id\" " + id + " PRIMARY KEY, \"created_at\" " + timestamp
                + " NOT NULL, \"updated_at\" " + timestamp + " NOT NULL, \"deleted_at\" " + timestamp + ", "
                + "\"slug\" VARCHAR(200), \"site\" VARCHAR(200), \"code\" VARCHAR(200), "
                + "CONSTRAINT \"uq_handles_slug\" UNIQUE (\"slug\"))");
            statement.execute("CREATE UNIQUE INDEX \"" + SoftUniqueModels.SITE_CODE_INDEX
                + "\" ON \"handles\" (\"site\", \"code\")");
            statement.execute("INSERT INTO \"handles\" VALUES ('6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01', "
                + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'gone', 'north', 'c1')");
            statement.execute("INSERT INTO \"handles\" VALUES ('6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e02', "
                + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, NULL, 'live', 'south', 'c1')");
        }
        try (LogCapture capture = new LogCapture(LOGGER);
             LogCapture drift = new LogCapture("io.fx.micronaut.db.sql.SchemaMigrator");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            String log = capture.text();
            assertTrue(log.contains("Converted unique constraint uq_handles_slug on table handles"), log);
            assertTrue(log.contains("Converted unique index " + SoftUniqueModels.SITE_CODE_INDEX + " on table handles"),
                log);
            assertTrue(capture.events().stream().allMatch(e -> e.getLevel() == Level.INFO), log);
            assertFalse(drift.text().contains("fx_live"), "the dialect's helper column is no drift: " + drift.text());

            Api api = new Api(server);
            assertEquals(201, api.post("/api/handles", Map.of("slug", "gone")).status(), "the deleted row's slug is free");
            assertEquals(201, api.post("/api/handles", Map.of("site", "north", "code", "c1")).status(),
                "the deleted row's pair is free");
            Api.Reply duplicate = api.post("/api/handles", Map.of("slug", "live"));
            assertEquals(409, duplicate.status(), duplicate.toString());
            assertEquals("slug", ((Map<?, ?>) duplicate.error().get("details")).get("column"));
            Api.Reply pair = api.post("/api/handles", Map.of("site", "south", "code", "c1"));
            assertEquals(409, pair.status(), pair.toString());
            assertEquals("site,code", ((Map<?, ?>) pair.error().get("details")).get("column"));
        }
        List<String> before = uniqueIndexes();
        try (LogCapture capture = new LogCapture(LOGGER);
             EmbeddedServer again = ApplicationContext.run(EmbeddedServer.class, config)) {
            assertTrue(again.isRunning());
            assertEquals("", capture.text(), "a second startup converts nothing");
        }
        assertEquals(before, uniqueIndexes(), "a second startup leaves the indexes as they are");
    }

    /** @return name, column and filter of every unique index column of the table */
    private static List<String> uniqueIndexes() throws Exception {
        List<String> indexes = new ArrayList<>();
        try (Connection connection = Databases.connect(NAME);
             ResultSet rs = connection.getMetaData().getIndexInfo(connection.getCatalog(), connection.getSchema(),
                 "handles", true, false)) {
            while (rs.next()) {
                indexes.add(rs.getString("INDEX_NAME") + " " + rs.getString("COLUMN_NAME") + " "
                    + rs.getString("FILTER_CONDITION"));
            }
        }
        indexes.sort(String::compareTo);
        assertTrue(indexes.stream().anyMatch(i -> i.startsWith("uq_handles_slug slug")), indexes.toString());
        return indexes;
    }
}
