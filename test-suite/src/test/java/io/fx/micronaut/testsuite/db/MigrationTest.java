package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Auto-migration against a table that already exists with drift. */
@TestDatabase
class MigrationTest {

    private static final String NAME = "MigrationTest";

    @Test
    void addsMissingColumnsKeepsExtraOnesAndLogsDrift() throws Exception {
        Map<String, Object> config = Databases.config(NAME, SpecModels.PROPERTY, SpecModels.of(DbModels.Legacy.class));
        Databases.execute(NAME,
            "CREATE TABLE \"legacies\" (\"id\" VARCHAR(36) PRIMARY KEY, "
                + "\"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL, "
                + "\"name\" VARCHAR, \"amount\" VARCHAR, \"old_column\" VARCHAR)",
            "INSERT INTO \"legacies\" VALUES ('6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01', "
                + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'kept', NULL, 'legacy data')");
        try (LogCapture capture = new LogCapture("io.fx.micronaut.db.sql.SchemaMigrator");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            List<String> columns = new ArrayList<>();
            try (Connection connection = Databases.connect(NAME);
                 ResultSet rs = connection.getMetaData().getColumns(null, connection.getSchema(), "legacies", null)) {
                while (rs.next()) {
                    columns.add(rs.getString("COLUMN_NAME"));
                }
            }
            assertTrue(columns.contains("note"), "the missing column was added: " + columns);
            assertTrue(columns.contains("old_column"), "the extra column was never dropped: " + columns);
            String log = capture.text();
            assertTrue(log.contains("Schema drift: column legacies.old_column is not a field of model Legacy"), log);
            assertTrue(log.contains("Schema drift: column legacies.amount has JDBC type"), log);
            assertTrue(log.contains("Added column legacies.note"), log);

            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> read = client.send(HttpRequest.newBuilder(
                    URI.create(server.getURL() + "/api/legacies/6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01"))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, read.statusCode(), read.body());
            assertTrue(read.body().contains("\"name\":\"kept\""), read.body());
        }
        try (EmbeddedServer again = ApplicationContext.run(EmbeddedServer.class, config)) {
            assertTrue(again.isRunning(), "migrating an already migrated schema is harmless");
        }
    }
}
