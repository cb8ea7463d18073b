package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Auto-migration on PostgreSQL uses native types and indexes filterable JSON columns with GIN. */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
class NativeTypesTest {

    @Inject
    EmbeddedServer server;

    @Test
    void columnsUseNativeTypes() throws Exception {
        Map<String, String> types = new HashMap<>();
        try (Connection connection = Databases.connect("NativeTypesTest");
             PreparedStatement ps = connection.prepareStatement("SELECT column_name, data_type FROM "
                 + "information_schema.columns WHERE table_schema = current_schema() AND table_name = 'specimens'")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    types.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        assertEquals("uuid", types.get("id"), types.toString());
        assertEquals("timestamp with time zone", types.get("created_at"), types.toString());
        assertEquals("jsonb", types.get("tags"), types.toString());
        assertEquals("jsonb", types.get("props"), types.toString());
        assertEquals("text", types.get("note"), types.toString());
    }

    @Test
    void filterableJsonColumnsHaveAGinIndex() throws Exception {
        try (Connection connection = Databases.connect("NativeTypesTest");
             PreparedStatement ps = connection.prepareStatement("SELECT indexdef FROM pg_indexes "
                 + "WHERE schemaname = current_schema() AND tablename = 'specimens' AND indexname = ?")) {
            for (String column : new String[]{"tags", "props"}) {
                ps.setString(1, "ix_specimens_" + column + "_json");
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "index on " + column);
                    assertTrue(rs.getString(1).contains("USING gin"), rs.getString(1));
                }
            }
        }
    }
}
