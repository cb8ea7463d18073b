package io.fx.micronaut.testsuite.tenantunique;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.testsuite.security.support.Tokens;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26 S6, migration: tables an application created before it added tenancy hold their unique
 * constraints over the field alone (a unique constraint, a unique index, and a soft-delete model's
 * live-only unique index). The first startup with tenancy converts each into one led by the tenant column,
 * logged at INFO naming the table with the old and the new index; a value another tenant uses is then free;
 * a further startup changes nothing.
 */
@TestDatabase
class TenantUniqueMigrationTest {

    private static final String NAME = "TenantUniqueMigrationTest";
    private static final String LOGGER = "io.fx.micronaut.db.sql.UniqueKeyMigrator";

    @Test
    void uniqueKeysOfExistingTablesBecomePerTenantOnceAndLogged() throws Exception {
        Map<String, Object> before = Databases.config(NAME, "tenant-unique.tenancy", false);
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, before)) {
            assertTrue(server.isRunning());
        }
        try (Connection connection = Databases.connect(NAME); Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO \"members\" (\"id\", \"created_at\", \"updated_at\", \"tenant_id\", \"email\","
                + " \"code\", \"region\") VALUES ('6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01', CURRENT_TIMESTAMP,"
                + " CURRENT_TIMESTAMP, 'acme', 'ada@example.com', 'c-1', 'north')");
            statement.execute("INSERT INTO \"aliases\" (\"id\", \"created_at\", \"updated_at\", \"tenant_id\", \"handle\")"
                + " VALUES ('6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e02', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'acme', 'ada')");
        }
        // the same database (Databases.config would empty it again), now with tenancy on both models
        Map<String, Object> after = new HashMap<>(before);
        after.remove("tenant-unique.tenancy");
        after.putAll(Map.of("fx.security.jwt.secret", Tokens.SECRET, "fx.security.jwt.tenant-claim", "tenant_id",
            "fx.security.models.Alias.tenant", "tenantId"));
        try (LogCapture capture = new LogCapture(LOGGER);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, after)) {
            String log = capture.text();
            assertTrue(log.contains("Converted unique constraint uq_members_email on table members of model Member:"
                + " (email) became (tenant_id, email)"), log);
            assertTrue(log.contains("Converted unique index " + TenantUniqueModels.CODE_REGION_INDEX
                + " on table members of model Member: (code, region) became (tenant_id, code, region)"), log);
            assertTrue(log.contains("Converted unique index uq_aliases_handle on table aliases of soft-delete model Alias:"
                + " (handle) became (tenant_id, handle)"), log);
            assertTrue(capture.events().stream().allMatch(e -> e.getLevel() == Level.INFO), log);

            Api api = new Api(server);
            assertEquals(201, as(api, "globex", "/api/members", "{\"email\":\"ada@example.com\"}").status());
            assertEquals(201, as(api, "globex", "/api/members", "{\"code\":\"c-1\",\"region\":\"north\"}").status());
            assertEquals(201, as(api, "globex", "/api/aliases", "{\"handle\":\"ada\"}").status());
            Api.Reply duplicate = as(api, "acme", "/api/members", "{\"email\":\"ada@example.com\"}");
            assertEquals(409, duplicate.status(), duplicate.toString());
            assertEquals("email", ((Map<?, ?>) duplicate.error().get("details")).get("column"));
            assertEquals(409, as(api, "acme", "/api/aliases", "{\"handle\":\"ada\"}").status());
        }
        List<String> converted = uniqueIndexes();
        try (LogCapture capture = new LogCapture(LOGGER);
             EmbeddedServer again = ApplicationContext.run(EmbeddedServer.class, after)) {
            assertTrue(again.isRunning());
            assertEquals("", capture.text(), "a second startup converts nothing");
        }
        assertEquals(converted, uniqueIndexes(), "a second startup leaves the indexes as they are");
    }

    private static Api.Reply as(Api api, String tenant, String path, String body) {
        return api.send("POST", path, body, TenantUniqueTest.bearer(tenant));
    }

    /** @return table, name, column and filter of every unique index column of both tables */
    private static List<String> uniqueIndexes() throws Exception {
        List<String> indexes = new ArrayList<>();
        try (Connection connection = Databases.connect(NAME)) {
            for (String table : List.of("members", "aliases")) {
                try (ResultSet rs = connection.getMetaData().getIndexInfo(connection.getCatalog(), connection.getSchema(),
                    table, true, false)) {
                    while (rs.next()) {
                        indexes.add(table + " " + rs.getString("INDEX_NAME") + " " + rs.getString("COLUMN_NAME") + " "
                            + rs.getString("FILTER_CONDITION"));
                    }
                }
            }
        }
        indexes.sort(String::compareTo);
        assertTrue(indexes.stream().anyMatch(i -> i.contains("tenant_id")), indexes.toString());
        return indexes;
    }
}
