package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Several replicas starting at once on an empty schema: the advisory lock lets exactly one migrate at a time. */
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
class ConcurrentMigrationTest {

    private static final String NAME = "ConcurrentMigrationTest";
    private static final int REPLICAS = 4;

    @Test
    void replicasStartingTogetherAllMigrateSuccessfully() throws Exception {
        Map<String, Object> config = new java.util.HashMap<>(Databases.config(NAME));
        config.put("datasources.default.maximum-pool-size", 2);
        config.put("datasources.default.minimum-idle", 1);
        config.put("fx.db.read-pool-size", 1);
        config.put("micronaut.server.port", -1);
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<EmbeddedServer>> replicas = new ArrayList<>();
        for (int i = 0; i < REPLICAS; i++) {
            replicas.add(CompletableFuture.supplyAsync(() -> {
                try {
                    assertTrue(go.await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return ApplicationContext.run(EmbeddedServer.class, config);
            }));
        }
        go.countDown();
        List<EmbeddedServer> started = new ArrayList<>();
        try {
            for (CompletableFuture<EmbeddedServer> replica : replicas) {
                started.add(replica.get(120, TimeUnit.SECONDS));
            }
            started.forEach(server -> assertTrue(server.isRunning()));
            try (Connection connection = Databases.connect(NAME);
                 PreparedStatement ps = connection.prepareStatement(
                     "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = 'widgets'")) {
                ps.setString(1, Databases.schema(NAME));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(1, rs.getInt(1));
                }
            }
        } finally {
            started.forEach(EmbeddedServer::close);
            for (CompletableFuture<EmbeddedServer> replica : replicas) {
                replica.thenAccept(EmbeddedServer::close);
            }
        }
    }
}
