package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.db.RawSql;
import io.fx.micronaut.db.RecordStore;
import io.fx.micronaut.db.SqlCapabilities;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storage roles as a module injects them ({@link RecordStore}, {@link Transactions}, {@link RawSql}), and the
 * dialect's {@link SqlCapabilities} on a table a module keeps of its own: an upsert, an insert that leaves an
 * existing key alone, and claiming rows so two concurrent transactions take disjoint ones. H2 and PostgreSQL.
 */
@MicronautTest(environments = "test", transactional = false, startApplication = false)
@TestDatabase
class SqlCapabilitiesTest {

    @Inject
    RawSql sql;
    @Inject
    Transactions transactions;
    @Inject
    RecordStore records;

    private String table;

    @BeforeEach
    void createTable() {
        table = "cap_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        sql.execute("CREATE TABLE " + table + " (k VARCHAR(40) PRIMARY KEY, v INTEGER NOT NULL, w VARCHAR(40))", List.of());
    }

    private Map<String, Object> row(String key) {
        return sql.query("SELECT k, v, w FROM " + table + " WHERE k = ?", List.of(key)).get(0);
    }

    @Test
    void theRolesAreOneStoreInjectedByRole() {
        assertTrue(sql instanceof RecordStore && sql instanceof Transactions, "the SQL adapter plays every role");
        assertNotSame(null, records);
    }

    @Test
    void anUpsertInsertsThenUpdatesTheNonKeyColumns() {
        String upsert = sql.capabilities().upsert(table, List.of("k"), List.of("k", "v", "w"));
        assertEquals(1, sql.execute(upsert, List.of("a", 1, "one")));
        sql.execute(upsert, List.of("a", 2, "two"));
        assertEquals(2, ((Number) row("a").get("v")).intValue());
        assertEquals("two", row("a").get("w"));
        assertEquals(1, sql.query("SELECT COUNT(*) AS n FROM " + table, List.of()).size());
    }

    @Test
    void anInsertIfAbsentSaysWhetherItInsertedAndLeavesAnExistingRowAlone() {
        String insert = sql.capabilities().insertIfAbsent(table, List.of("k"), List.of("k", "v", "w"));
        assertEquals(1, sql.execute(insert, List.of("b", 1, "first")));
        assertEquals(0, sql.execute(insert, List.of("b", 9, "second")));
        assertEquals("first", row("b").get("w"));
    }

    @Test
    void twoTransactionsClaimDisjointRows() throws Exception {
        for (int i = 0; i < 4; i++) {
            sql.execute("INSERT INTO " + table + " (k, v) VALUES (?, 0)", List.of("r" + i));
        }
        String claim = "SELECT k FROM " + table + " WHERE v = 0 ORDER BY k FETCH FIRST 2 ROWS ONLY"
            + sql.capabilities().claimRows();
        if (!Databases.isPostgres()) {
            // the embedded database runs write transactions one at a time: a claim never meets another
            assertEquals(List.of("r0", "r1"), transactions.inTransaction(
                () -> sql.query(claim, List.of()).stream().map(r -> r.get("k")).toList()));
            return;
        }
        CountDownLatch firstHolds = new CountDownLatch(1);
        CountDownLatch secondDone = new CountDownLatch(1);
        CompletableFuture<List<Object>> first = CompletableFuture.supplyAsync(() -> transactions.inTransaction(() -> {
            List<Object> keys = sql.query(claim, List.of()).stream().map(r -> r.get("k")).toList();
            firstHolds.countDown();
            await(secondDone);
            return keys;
        }));
        assertTrue(firstHolds.await(10, TimeUnit.SECONDS));
        List<Object> second = transactions.inTransaction(() -> sql.query(claim, List.of()).stream().map(r -> r.get("k")).toList());
        secondDone.countDown();
        List<Object> firstKeys = first.get(10, TimeUnit.SECONDS);
        assertEquals(List.of("r0", "r1"), firstKeys);
        assertEquals(List.of("r2", "r3"), second, "the rows the first holds are skipped, not waited for");
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
