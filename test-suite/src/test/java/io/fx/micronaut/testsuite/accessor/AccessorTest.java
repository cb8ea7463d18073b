package io.fx.micronaut.testsuite.accessor;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.db.TransactionRequiredException;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.testsuite.model.Widget;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Background use of the model accessors: a context built without a request (the injected bean). */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "AccessorTest")
@TestDatabase
class AccessorTest {

    @Inject
    Models models;

    private ModelAccessor widgets() {
        return models.of(Widget.class);
    }

    @Test
    void crudOutsideATransactionByNameAndByClass() {
        Map<String, Object> created = models.of("Widget").create(Map.of("name", "bg-1", "owner", "ann"));
        String id = (String) created.get("id");
        assertEquals("bg-1", widgets().read(id).orElseThrow().get("name"));
        Page page = widgets().list("filter=name:eq:bg-1&limit=5");
        assertEquals(1, page.total());
        assertEquals(id, page.rows().get(0).get("id"));
        assertEquals(1, widgets().list(Map.of("filter", List.of("owner:eq:ann", "name:starts_with:bg-"))).total());
        assertEquals("bob", widgets().update(id, Map.of("owner", "bob")).orElseThrow().get("owner"));
        assertTrue(widgets().delete(id));
        assertTrue(widgets().read(id).isEmpty());
        assertFalse(widgets().delete(id));
        assertTrue(widgets().update(id, Map.of("owner", "x")).isEmpty());
    }

    @Test
    void theSameValidationAndQueryLanguageAsHttp() {
        FxException invalid = assertThrows(FxException.class, () -> widgets().create(Map.of("owner", "nobody")));
        assertEquals(422, invalid.getStatus());
        assertEquals("VALIDATION_ERROR", invalid.getCode());
        assertTrue(String.valueOf(invalid.getDetails()).contains("name is required"), String.valueOf(invalid.getDetails()));
        FxException query = assertThrows(FxException.class, () -> widgets().list("filter=created_at:eq:not-a-time"));
        assertEquals("INVALID_QUERY", query.getCode());
        FxException unknownField = assertThrows(FxException.class, () -> widgets().list("sort=nope"));
        assertEquals("INVALID_QUERY", unknownField.getCode());
        FxException unknownModel = assertThrows(FxException.class, () -> models.of("Nope"));
        assertEquals("NOT_FOUND", unknownModel.getCode());
        FxException notAModel = assertThrows(FxException.class, () -> models.of(String.class));
        assertEquals("NOT_FOUND", notAModel.getCode());
    }

    @Test
    void insideATransactionEveryAccessorJoinsItAndARollbackUndoesAll() {
        String id = (String) widgets().create(Map.of("name", "tx-base")).get("id");
        RuntimeException failure = assertThrows(RuntimeException.class, () -> models.inTransaction(() -> {
            assertTrue(models.isInTransaction());
            String inner = (String) widgets().create(Map.of("name", "tx-rolled-back")).get("id");
            assertTrue(widgets().read(inner).isPresent(), "a read in the transaction sees its own write");
            widgets().update(id, Map.of("owner", "changed-in-tx"));
            assertEquals(1, models.execute("UPDATE \"widgets\" SET \"owner\" = ? WHERE \"name\" = ?", "raw", "tx-base"));
            widgets().delete(id);
            throw new IllegalStateException("roll back");
        }));
        assertEquals("roll back", failure.getMessage());
        assertFalse(models.isInTransaction());
        assertEquals(0, widgets().list("filter=name:eq:tx-rolled-back").total());
        Map<String, Object> base = widgets().read(id).orElseThrow();
        assertEquals(null, base.get("owner"), "update, raw exec and delete were rolled back");
    }

    @Test
    void aCommittedTransactionKeepsEveryWrite() {
        String id = models.inTransaction(() -> {
            String created = (String) widgets().create(Map.of("name", "tx-commit")).get("id");
            widgets().update(created, Map.of("owner", "kept"));
            return created;
        });
        assertEquals("kept", widgets().read(id).orElseThrow().get("owner"));
    }

    @Test
    void rawQueryAndExecBindParameters() {
        String id = (String) widgets().create(Map.of("name", "raw-1", "owner", "o'brien")).get("id");
        List<Map<String, Object>> rows = models.query(
            "SELECT \"name\", \"owner\", \"created_at\" FROM \"widgets\" WHERE \"owner\" = ? AND \"id\" = ?", "o'brien", id);
        assertEquals(1, rows.size());
        assertEquals("raw-1", rows.get(0).get("name"));
        assertTrue(rows.get(0).get("created_at") instanceof java.time.Instant, String.valueOf(rows.get(0)));
        assertEquals(1, models.execute("UPDATE \"widgets\" SET \"owner\" = ? WHERE \"id\" = ?", null, id));
        assertEquals(null, widgets().read(id).orElseThrow().get("owner"));
        assertEquals(0, models.execute("DELETE FROM \"widgets\" WHERE \"id\" = ?", java.util.UUID.randomUUID().toString()));
        FxException bad = assertThrows(FxException.class, () -> models.query("SELECT nonsense FROM nowhere"));
        assertEquals("DB_ERROR", bad.getCode());
    }

    @Test
    void lockForUpdateNeedsATransaction() {
        String id = (String) widgets().create(Map.of("name", "lock-me")).get("id");
        TransactionRequiredException e = assertThrows(TransactionRequiredException.class, () -> widgets().lockForUpdate(id));
        assertEquals("TX_REQUIRED", e.getCode());
        assertEquals(500, e.getStatus());
        assertTrue(e.getMessage().contains("lockForUpdate(Widget) needs an active transaction"), e.getMessage());
        Map<String, Object> locked = models.inTransaction(() -> widgets().lockForUpdate(id).orElseThrow());
        assertEquals("lock-me", locked.get("name"));
        assertTrue(models.inTransaction(() -> widgets().lockForUpdate("00000000-0000-0000-0000-000000000000")).isEmpty());
    }

    @Test
    void lockedReadThenWriteTransactionsDoNotLoseUpdates() throws Exception {
        String id = (String) widgets().create(Map.of("name", "counter", "owner", "0")).get("id");
        int workers = 4;
        CountDownLatch start = new CountDownLatch(1);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            futures.add(CompletableFuture.runAsync(() -> {
                await(start);
                models.inTransaction(() -> {
                    String owner = (String) widgets().lockForUpdate(id).orElseThrow().get("owner");
                    seen.add(owner);
                    sleep(50);
                    widgets().update(id, Map.of("owner", String.valueOf(Integer.parseInt(owner) + 1)));
                    return null;
                });
            }));
        }
        start.countDown();
        CompletableFuture.allOf(futures.toArray(new CompletableFuture[0])).get(30, TimeUnit.SECONDS);
        assertEquals(String.valueOf(workers), widgets().read(id).orElseThrow().get("owner"), "no increment was lost");
        assertEquals(workers, seen.stream().distinct().count(), "each transaction saw the previous one's write: " + seen);
    }

    @Test
    void aNestedTransactionIsRefused() {
        FxException e = assertThrows(FxException.class,
            () -> models.inTransaction(() -> models.inTransaction(() -> "never")));
        assertEquals("TX_BEGIN_ERROR", e.getCode());
        assertTrue(e.getMessage().contains("nested transactions are not supported"), e.getMessage());
        assertFalse(models.isInTransaction());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
