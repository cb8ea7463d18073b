package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.scheduled.ScheduledRunner;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner on its own schedule with the real clock: it ticks after startup and counts what it does; two
 * replicas on one database transition every row once, one sweeping while the other's ticks find the lock held, and
 * still once each without {@code single-runner}; shutdown lets the running model batch commit and starts no other.
 */
class ScheduledRunnerTest {

    private static final String BROADCASTS = "/api/broadcasts";

    private static Map<String, Object> config(String name, Object... extra) {
        Map<String, Object> config = Databases.config(name, ScheduledTestModels.PROPERTY, "true", "spec.real-clock",
            "true", "spec.runner", "true", "fx.scheduled.interval", "200ms");
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        return config;
    }

    private static String past() {
        return Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static double count(MeterRegistry meters, String name, String... tags) {
        Counter counter = meters.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }

    private static void await(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void itTicksAfterStartupAndCountsWhatItDoes() throws Exception {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("ScheduledRunnerTicks"))) {
            Api api = new Api(server);
            String id = api.create(BROADCASTS, Map.of("title", "ticking", "publish_at", past()));
            await("published", () -> "published".equals(api.get(BROADCASTS + "/" + id).data().get("status")));
            MeterRegistry meters = server.getApplicationContext().getBean(MeterRegistry.class);
            assertTrue(server.getApplicationContext().getBean(ScheduledRunner.class).isRunning());
            // counted once the sweep's transaction has committed, a moment after the row reads published
            await("the transition counted", () -> count(meters, "fx.scheduled.transitions", "model", "Broadcast",
                "action", "set_field", "field", "status") >= 1);
            assertEquals(1.0, count(meters, "fx.scheduled.transitions", "model", "Broadcast", "action", "set_field",
                "field", "status"));
            await("a tick counted", () -> count(meters, "fx.scheduled.ticks", "outcome", "swept") >= 1);
            assertTrue(meters.find("fx.scheduled.sweep").timer().count() >= 1);
        }
    }

    @Test
    void aLockStoreErrorSkipsTheTickAndTheLoopGoesOn() throws Exception {
        String name = "ScheduledLockStoreError";
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config(name,
                "fx.scheduled.lock-at-least-for", "50ms"))) {
            MeterRegistry meters = server.getApplicationContext().getBean(MeterRegistry.class);
            await("a tick swept", () -> count(meters, "fx.scheduled.ticks", "outcome", "swept") >= 1);
            io.fx.micronaut.db.RawSql sql = server.getApplicationContext().getBean(io.fx.micronaut.db.RawSql.class);
            sql.execute("DROP TABLE fx_scheduler_lock", List.of());
            await("a tick failed on the lock store", () -> count(meters, "fx.scheduled.ticks", "outcome", "failed") >= 1);
            Api api = new Api(server);
            String id = api.create(BROADCASTS, Map.of("title", "after the outage", "publish_at", past()));
            sql.execute("CREATE TABLE fx_scheduler_lock (name VARCHAR(64) NOT NULL, lock_until TIMESTAMP NOT NULL, "
                + "locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))", List.of());
            await("published once the lock store is back",
                () -> "published".equals(api.get(BROADCASTS + "/" + id).data().get("status")));
        }
    }

    @Test
    void twoReplicasTransitionEveryRowOnceUnderTheLock() throws Exception {
        replicas("ScheduledReplicasLocked", true);
    }

    @Test
    void twoReplicasWithoutTheLockStillTransitionEveryRowOnce() throws Exception {
        replicas("ScheduledReplicasFree", false);
    }

    private void replicas(String name, boolean single) throws Exception {
        Map<String, Object> config = config(name, "fx.scheduled.single-runner", String.valueOf(single),
            "fx.scheduled.lock-at-least-for", "1s", "fx.scheduled.initial-delay", "500ms");
        try (EmbeddedServer one = ApplicationContext.run(EmbeddedServer.class, config);
             EmbeddedServer two = ApplicationContext.run(EmbeddedServer.class, config)) {
            Api api = new Api(one);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                ids.add(api.create(BROADCASTS, Map.of("title", "r" + i, "publish_at", past())));
            }
            await("every row published", () -> api.count(BROADCASTS + "?filter=status:eq:published") == ids.size());
            Thread.sleep(1500); // more ticks on both sides
            List<ScheduledTestBeans.Transitions> heard = List.of(
                one.getApplicationContext().getBean(ScheduledTestBeans.Transitions.class),
                two.getApplicationContext().getBean(ScheduledTestBeans.Transitions.class));
            List<String> transitioned = new ArrayList<>();
            heard.forEach(h -> h.heard().forEach(t -> transitioned.add(t.recordId())));
            assertEquals(ids.size(), transitioned.size(), "each row once: " + transitioned);
            assertEquals(new HashSet<>(ids), new HashSet<>(transitioned));
            try (Connection connection = Databases.connect(name); Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM \"broadcast_history\" WHERE "
                     + "\"operation\" = 'update'")) {
                rows.next();
                assertEquals(ids.size(), rows.getInt(1), "one history row per transition");
            }
            if (single) {
                double locked = count(one.getApplicationContext().getBean(MeterRegistry.class), "fx.scheduled.ticks",
                    "outcome", "locked") + count(two.getApplicationContext().getBean(MeterRegistry.class),
                    "fx.scheduled.ticks", "outcome", "locked");
                assertTrue(locked >= 1, "a replica's tick found the lock held");
            }
        }
    }

    @Test
    void shutdownLetsTheRunningBatchCommitAndStartsNoOther() throws Exception {
        String name = "ScheduledShutdown";
        Map<String, Object> config = config(name, "fx.scheduled.interval", "1h", "fx.scheduled.initial-delay", "1s");
        EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config);
        String slow;
        String retainer;
        try {
            Api api = new Api(server);
            slow = api.create(BROADCASTS, Map.of("title", "slow", "publish_at", past()));
            retainer = api.create("/api/retainers", Map.of("title", "later", "purge_at", past()));
            ScheduledRunnerBeans.Dwelling dwelling = server.getApplicationContext()
                .getBean(ScheduledRunnerBeans.Dwelling.class);
            assertTrue(dwelling.entered().await(20, TimeUnit.SECONDS), "the tick reached the slow row");
        } finally {
            CompletableFuture.runAsync(server::close).get(30, TimeUnit.SECONDS);
        }
        try (Connection connection = Databases.connect(name); Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT \"status\" FROM \"broadcasts\" WHERE \"id\" = '"
                + slow + "'")) {
                assertTrue(rows.next());
                assertEquals("published", rows.getString(1), "the running batch committed");
            }
            try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM \"retainers\" WHERE \"id\" = '"
                + retainer + "'")) {
                rows.next();
                assertEquals(1, rows.getInt(1), "no other model was swept once stopping");
            }
        }
        assertFalse(server.isRunning());
    }
}
