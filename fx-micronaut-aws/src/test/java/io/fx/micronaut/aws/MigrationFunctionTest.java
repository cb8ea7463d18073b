package io.fx.micronaut.aws;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.function.aws.proxy.MockLambdaContext;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34, migration: with {@code fx.disable-auto-migrate: true} an API function never migrates on a cold start and
 * its startup fails naming a missing table (a Lambda INIT error, not a 500 later); {@link MigrationFunction}, built as
 * the Lambda runtime builds it, migrates when invoked and answers the report; then the API function starts and serves.
 */
class MigrationFunctionTest {

    @Test
    void theMigrationFunctionMigratesOnInvokeAndTheApiFunctionThenStarts() throws Exception {
        Map<String, Object> database = TestDatabases.empty("migration");
        Map<String, Object> api = new HashMap<>(database);
        api.put("fx.disable-auto-migrate", true);

        RuntimeException init = assertThrows(RuntimeException.class,
            () -> ApplicationContext.builder(Environment.FUNCTION).properties(api).start().close());
        assertTrue(chain(init).contains("table 'notes' of model Note is missing"), chain(init));

        database.forEach((name, value) -> System.setProperty(name, value.toString()));
        try (MigrationFunction migration = new MigrationFunction()) {
            assertFalse(tableExists(database), "the migration function's own startup migrates nothing");
            Map<String, Object> report = migration.handleRequest(Map.of(), new MockLambdaContext());
            assertEquals(List.of("notes"), report.get("tablesCreated"), report.toString());
            assertEquals(List.of(), report.get("columnsAdded"));
            assertEquals(List.of(), report.get("drift"));
            assertTrue(tableExists(database));
            assertEquals(report, migration.handleRequest(Map.of(), new MockLambdaContext()), "idempotent");
        } finally {
            database.keySet().forEach(System::clearProperty);
        }

        try (FxApiGatewayV2Function function = new FxApiGatewayV2Function(
            ApplicationContext.builder(Environment.FUNCTION).properties(api).start())) {
            Answer created = Answer.of(function.handleRequest(Events.v2("POST", "/api/notes", null,
                Map.of("content-type", "application/json"), "{\"name\":\"after migration\"}"), new MockLambdaContext()));
            assertEquals(201, created.status(), created.toString());
            function.getApplicationContext().close();
        }
    }

    private static boolean tableExists(Map<String, Object> database) throws Exception {
        try (Connection connection = DriverManager.getConnection((String) database.get("datasources.default.url"),
                (String) database.get("datasources.default.username"), "");
             ResultSet tables = connection.getMetaData().getTables(null, connection.getSchema(), "notes", null)) {
            return tables.next();
        }
    }

    private static String chain(Throwable failure) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
