package io.fx.micronaut.test;

import io.micronaut.context.annotation.Value;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code @TestDatabase} points the application at a database of the class's own on the run's database (H2, or a
 * PostgreSQL schema with -Dfx.test.database=postgres) whose tables the application created; the schemas of a name
 * are dropped afterwards.
 */
@MicronautTest(transactional = false)
@TestDatabase
class TestDatabaseTest {

    @Value("${datasources.default.url}")
    String url;
    @Inject
    Fixtures fixtures;

    @Test
    void theApplicationRunsOnTheClassesOwnDatabase() throws Exception {
        assertEquals(TestDatabases.url("TestDatabaseTest"), url);
        String id = fixtures.of("Rack").createId();
        try (Connection connection = TestDatabases.connect("TestDatabaseTest");
             PreparedStatement ps = connection.prepareStatement("SELECT \"name\" FROM \"racks\" WHERE CAST(\"id\" AS VARCHAR(36)) = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "the record is in the class's database");
            }
        }
    }

    @Test
    void aPostgresRunDropsTheSchemasOfANameAndItsScenarios() throws Exception {
        if (!TestDatabases.isPostgres()) {
            assertEquals(List.of(), TestDatabases.drop("TestDatabaseDropped"));
            assertTrue(TestDatabases.properties("TestDatabaseDropped").get("datasources.default.url").startsWith("jdbc:h2:mem:"));
            return;
        }
        TestDatabases.properties("TestDatabaseDropped");
        TestDatabases.properties("TestDatabaseDropped_scenario");
        TestDatabases.execute("TestDatabaseDropped", "CREATE TABLE t (id INT)");
        assertTrue(schemas().contains("fx_t_testdatabasedropped"));
        assertEquals(2, TestDatabases.drop("TestDatabaseDropped").size());
        assertFalse(schemas().contains("fx_t_testdatabasedropped"));
        assertFalse(schemas().contains("fx_t_testdatabasedropped_scenario"));
    }

    @Test
    void theFactoryServesAnnotatedAndMetaAnnotatedClassesOnly() throws Exception {
        TestDatabasePropertyProviderFactory factory = new TestDatabasePropertyProviderFactory();
        TestPropertyProvider plain = factory.create(Map.of(), String.class);
        assertEquals(Map.of(), plain.getProperties());
        Map<String, String> meta = factory.create(Map.of(), MetaAnnotated.class).getProperties();
        assertEquals(TestDatabases.url("MetaAnnotated"), meta.get("datasources.default.url"));
        TestDatabases.drop("MetaAnnotated");
    }

    private static List<String> schemas() throws Exception {
        try (Connection connection = TestDatabases.admin();
             PreparedStatement ps = connection.prepareStatement("SELECT nspname FROM pg_namespace");
             ResultSet rs = ps.executeQuery()) {
            List<String> names = new java.util.ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString(1));
            }
            return names;
        }
    }

    @Retention(RetentionPolicy.RUNTIME)
    @TestDatabase
    @interface OwnDatabase {
    }

    @OwnDatabase
    static final class MetaAnnotated {
    }
}
