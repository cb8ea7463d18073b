package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.db.MigrationReport;
import io.fx.micronaut.lifecycle.FxMigration;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34: {@link FxMigration#migrate()} returns a {@link MigrationReport} (tables created, columns added, drift);
 * with auto-migration off, startup verifies the schema in one catalog query ({@code fx.verify-schema}, default true)
 * and a missing table or column fails startup naming it.
 */
@TestDatabase
class MigrationReportTest {

    private static final String NAME = "MigrationReportTest";
    private static final String DRIFTED = "MigrationReportDrift";
    private static final String LEGACY_TABLE = "CREATE TABLE \"legacies\" (\"id\" VARCHAR(36) PRIMARY KEY, "
        + "\"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL, "
        + "\"name\" VARCHAR, \"amount\" VARCHAR, \"old_column\" VARCHAR)";

    private static Map<String, Object> config(String name, Object... extra) {
        Object[] all = new Object[extra.length + 2];
        all[0] = SpecModels.PROPERTY;
        all[1] = SpecModels.of(DbModels.Legacy.class);
        System.arraycopy(extra, 0, all, 2, extra.length);
        return Databases.config(name, all);
    }

    @Test
    void anExplicitMigrationReportsWhatItCreatedAndARepeatReturnsTheSameReport() {
        Map<String, Object> base = config(NAME, "fx.disable-auto-migrate", true); // prepares the database once
        Map<String, Object> unverified = new java.util.HashMap<>(base);
        unverified.put("fx.verify-schema", false);
        try (ApplicationContext context = ApplicationContext.run(unverified)) {
            FxMigration migration = context.getBean(FxMigration.class);
            MigrationReport report = migration.migrate();
            assertTrue(report.tablesCreated().containsAll(List.of("legacies", "articles")), report.toString());
            assertEquals(List.of(), report.columnsAdded());
            assertEquals(List.of(), report.drift());
            assertTrue(report.changed());
            assertSame(report, migration.migrate(), "idempotent: the first run's report");
        }
        // a second application on the now complete schema: verified at startup, and migrating changes nothing
        try (ApplicationContext context = ApplicationContext.run(base)) {
            MigrationReport again = context.getBean(FxMigration.class).migrate();
            assertFalse(again.changed(), again.toString());
            assertEquals(MigrationReport.EMPTY, again);
        }
    }

    @Test
    void aReportNamesTheAddedColumnsAndTheDrift() throws Exception {
        Map<String, Object> config = config(DRIFTED, "fx.disable-auto-migrate", true, "fx.verify-schema", false);
        Databases.execute(DRIFTED, LEGACY_TABLE);
        try (ApplicationContext context = ApplicationContext.run(config)) {
            MigrationReport report = context.getBean(FxMigration.class).migrate();
            assertFalse(report.tablesCreated().contains("legacies"), report.toString());
            assertEquals(List.of("legacies.note"), report.columnsAdded());
            assertEquals(2, report.drift().size(), report.drift().toString());
            assertTrue(report.drift().stream().anyMatch(d -> d.startsWith("column legacies.amount has JDBC type")),
                report.drift().toString());
            assertTrue(report.drift().contains("column legacies.old_column is not a field of model Legacy"),
                report.drift().toString());
        }
    }

    @Test
    void withoutAutoMigrationAMissingTableFailsStartupNamingIt() throws Exception {
        String message = startWithout("MigrationReportNoTable", "DROP TABLE \"legacies\"");
        assertTrue(message.contains("Schema check (fx.verify-schema): table 'legacies' of model Legacy is missing"),
            message);
    }

    @Test
    void withoutAutoMigrationAMissingColumnFailsStartupNamingIt() throws Exception {
        String message = startWithout("MigrationReportNoColumn", "ALTER TABLE \"legacies\" DROP COLUMN \"name\"");
        assertTrue(message.contains("column 'legacies.name' of model Legacy is missing"), message);
    }

    /** Migrates a database, breaks it with the statement, then starts without auto-migration: the failure. */
    private static String startWithout(String name, String statement) throws Exception {
        Map<String, Object> migrated = config(name);
        ApplicationContext.run(migrated).close();
        Databases.execute(name, statement);
        Map<String, Object> unmigrated = new java.util.HashMap<>(migrated);
        unmigrated.put("fx.disable-auto-migrate", true);
        return Failures.startupFailure(unmigrated);
    }

    @Test
    void verificationCanBeTurnedOff() {
        try (ApplicationContext context = ApplicationContext.run(config("MigrationReportUnverified",
            "fx.disable-auto-migrate", true, "fx.verify-schema", false))) {
            assertFalse(context.getBean(FxMigration.class).isDone(), "started without a table and without migrating");
        }
    }
}
