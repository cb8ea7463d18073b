package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query deadline is enforced by the server: a list over a view that runs {@code pg_sleep(5)}
 * answers 504 after the 300 ms deadline, and no backend keeps sleeping afterwards.
 */
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
class StatementTimeoutTest {

    private static final String NAME = "StatementTimeoutTest";

    @Test
    void theServerCancelsTheStatementAtTheDeadline() throws Exception {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
            Databases.config(NAME, SpecModels.PROPERTY, SpecModels.of(PgModels.Sleeper.class),
                "fx.query-timeout", "300ms"))) {
            Databases.execute(NAME,
                "DROP TABLE \"sleepers\"",
                "CREATE VIEW \"sleepers\" AS SELECT gen_random_uuid() AS \"id\", now() AS \"created_at\", "
                    + "now() AS \"updated_at\", CAST(pg_sleep(5) AS text) AS \"label\"");
            Api api = new Api(server);
            long start = System.nanoTime();
            Api.Reply reply = api.get("/api/sleepers");
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(504, reply.status(), reply.toString());
            assertEquals(Map.of("code", "TIMEOUT", "message", "Gateway Timeout"), reply.error());
            assertTrue(millis < 3000, "answered at the deadline, not after the sleep: " + millis + " ms");
            try (Connection connection = Databases.admin(); Statement statement = connection.createStatement();
                 ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_stat_activity "
                     + "WHERE state = 'active' AND query LIKE '%sleepers%' AND pid <> pg_backend_pid()")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "the server stopped the statement");
            }
            assertEquals(200, api.get("/api/live").status());
        }
    }
}
