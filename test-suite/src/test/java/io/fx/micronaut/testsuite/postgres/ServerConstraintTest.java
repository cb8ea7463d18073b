package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Constraint errors take table and column from the server's error fields; deadlocks between
 * transactions are retried a bounded number of times.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServerConstraintTest {

    @Inject
    Api api;
    @Inject
    DataStore store;
    @Inject
    ModelRegistry registry;

    @BeforeAll
    void constrain() throws Exception {
        Databases.execute("ServerConstraintTest",
            "ALTER TABLE \"widgets\" ALTER COLUMN \"owner\" SET NOT NULL",
            "ALTER TABLE \"gadgets\" ADD CONSTRAINT \"ck_gadgets_name\" CHECK (\"name\" <> 'forbidden')");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aNotNullViolationNamesTheColumnTheServerReported() {
        Api.Reply reply = api.post("/api/widgets", Map.of("name", "no owner"));
        assertEquals(409, reply.status(), reply.toString());
        assertEquals("CONFLICT", reply.code());
        Map<String, Object> details = assertInstanceOf(Map.class, reply.error().get("details"));
        assertEquals("widgets", details.get("table"));
        assertEquals("owner", details.get("column"));
        assertEquals("the write violates a database constraint", details.get("detail"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCheckViolationIsAConflictOnTheServerReportedTable() {
        Api.Reply reply = api.post("/api/gadgets", Map.of("name", "forbidden", "category", "tool"));
        assertEquals(409, reply.status(), reply.toString());
        Map<String, Object> details = assertInstanceOf(Map.class, reply.error().get("details"));
        assertEquals("gadgets", details.get("table"));
        assertTrue(details.containsKey("column"));
        assertTrue(!reply.text().contains("ck_gadgets_name"), "no constraint internals: " + reply);
    }

    @Test
    void aDeadlockIsRetriedAndBothTransactionsCommit() throws Exception {
        ModelDescriptor widget = registry.findByName("Widget").orElseThrow();
        String a = (String) store.create(widget, Map.of("name", "a", "owner", "o")).get("id");
        String b = (String) store.create(widget, Map.of("name", "b", "owner", "o")).get("id");
        CyclicBarrier bothLocked = new CyclicBarrier(2);
        AtomicInteger attempts = new AtomicInteger();
        List<CompletableFuture<Void>> workers = new ArrayList<>();
        for (String[] order : new String[][]{{a, b}, {b, a}}) {
            workers.add(CompletableFuture.runAsync(() -> store.inTransaction(() -> {
                int attempt = attempts.incrementAndGet();
                store.update(widget, order[0], Map.of("owner", "first-" + attempt));
                if (attempt <= 2) {
                    await(bothLocked);
                }
                store.update(widget, order[1], Map.of("owner", "second-" + attempt));
                return null;
            })));
        }
        for (CompletableFuture<Void> worker : workers) {
            worker.get(60, TimeUnit.SECONDS);
        }
        assertEquals(3, attempts.get(), "one of the two deadlocked transactions ran again");
    }

    @Test
    void retriesAreBoundedAndEndInAConflict() {
        ModelDescriptor widget = registry.findByName("Widget").orElseThrow();
        AtomicInteger attempts = new AtomicInteger();
        FxException e = org.junit.jupiter.api.Assertions.assertThrows(FxException.class, () -> store.inTransaction(() -> {
            attempts.incrementAndGet();
            store.list(widget, new io.fx.micronaut.query.ListQuery(List.of(), List.of(), List.of(), 1, 1, false));
            throw new FxException(500, "DB_ERROR", "simulated", null,
                new java.sql.SQLException("could not serialize access", "40001"));
        }));
        assertEquals(409, e.getStatus());
        assertEquals("CONFLICT", e.getCode());
        assertEquals(3, attempts.get());
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }
}
