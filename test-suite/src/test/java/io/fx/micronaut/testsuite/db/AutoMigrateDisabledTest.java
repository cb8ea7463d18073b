package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.lifecycle.FxMigration;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@Property(name = "fx.disable-auto-migrate", value = "true")
@Property(name = "fx.verify-schema", value = "false")
class AutoMigrateDisabledTest {

    @Inject
    Api api;
    @Inject
    FxMigration migration;
    @Inject
    ModelRegistry registry;

    @Test
    void withoutAutoMigrationAnExplicitMigrateCallCreatesTheSchema() {
        assertFalse(migration.isDone());
        Api.Reply before = api.get("/api/widgets");
        assertEquals(500, before.status(), "no table yet");
        assertEquals("DB_ERROR", before.code());
        assertEquals("Internal Server Error", before.error().get("message"));
        migration.migrate();
        assertTrue(migration.isDone());
        assertTrue(registry.isSealed());
        assertEquals(200, api.get("/api/widgets").status());
    }
}
