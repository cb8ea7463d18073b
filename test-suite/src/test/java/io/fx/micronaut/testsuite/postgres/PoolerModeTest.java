package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.transaction.TransactionOperations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Behind a transaction-mode pooler (PgBouncer) a server-side prepared statement may land on another
 * backend, so the driver must not create any: {@code prepareThreshold=0} in the JDBC URL. Without it
 * the driver prepares a statement on the server from its fifth execution.
 */
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
class PoolerModeTest {

    private static final String NAME = "PoolerModeTest";

    @Test
    void prepareThresholdZeroKeepsEveryStatementUnnamed() {
        Databases.properties(NAME);
        assertEquals(0, serverPreparedAfterRepeatedReads(Databases.url(NAME) + "&prepareThreshold=0"));
    }

    @Test
    void theDriverDefaultPreparesOnTheServer() {
        Databases.properties(NAME);
        assertTrue(serverPreparedAfterRepeatedReads(Databases.url(NAME)) > 0);
    }

    /** Serves requests through both pools, then counts server-side prepared statements on one connection. */
    private static int serverPreparedAfterRepeatedReads(String url) {
        Map<String, Object> config = new java.util.HashMap<>(Databases.config(NAME));
        config.put("datasources.default.url", url);
        config.put("datasources.default.maximum-pool-size", 1);
        config.put("fx.db.read-pool-size", 1);
        config.put("fx.db-read-url", url);
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            Api api = new Api(server);
            for (int i = 0; i < 8; i++) {
                assertEquals(201, api.post("/api/widgets", Map.of("name", "w" + i)).status());
                assertEquals(200, api.get("/api/widgets?filter=" + Api.q("name:eq:w" + i)).status());
            }
            TransactionOperations<Connection> read = server.getApplicationContext().getBean(
                Argument.of(TransactionOperations.class, Connection.class), Qualifiers.byName("read"));
            return read.executeRead(status -> {
                try (PreparedStatement ps = status.getConnection().prepareStatement(
                    "SELECT count(*) FROM pg_prepared_statements WHERE NOT from_sql");
                     ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
        }
    }
}
