package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = "TransactionTest")
@TestDatabase
class TransactionTest {

    @Inject
    Api api;
    @Inject
    DataStore store;
    @Inject
    ModelRegistry registry;

    @Test
    void aNestedTransactionIsRefusedWithTxBeginError() {
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Nested", "1"));
        assertEquals(500, reply.status());
        assertEquals(Map.of("code", "TX_BEGIN_ERROR", "message", "Internal Server Error"), reply.error());
    }

    @Test
    void aFailedCommitIsTxCommitError() {
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Break-Commit", "1"));
        assertEquals(500, reply.status(), reply.toString());
        assertEquals("TX_COMMIT_ERROR", reply.code());
        assertEquals("Internal Server Error", reply.error().get("message"));
    }

    @Test
    void theDbStepJoinsTheActiveTransaction() {
        Api.Reply created = api.send("POST", "/api/widgets", "{\"name\":\"in-tx\"}", Map.of("X-In-Transaction", "1"));
        assertEquals(201, created.status(), created.toString());
        assertEquals(200, api.get("/api/widgets/" + created.data().get("id")).status());
    }

    /** H2 only: the embedded database serialises write transactions in the process; PostgreSQL uses its own locking. */
    @Test
    @EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "h2")
    void writeTransactionsSerialiseSoReadThenWriteCannotInterleave() {
        ModelDescriptor widget = registry.findByName("Widget").orElseThrow();
        ListQuery all = new ListQuery(List.of(), List.of(), List.of(), 1, 1, false);
        List<long[]> spans = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> workers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String name = "serial-" + i;
            workers.add(CompletableFuture.runAsync(() -> store.inTransaction(() -> {
                long start = System.nanoTime();
                long before = store.list(widget, all).total();
                sleep(150);
                store.create(widget, Map.of("name", name));
                assertEquals(before + 1, store.list(widget, all).total());
                spans.add(new long[]{start, System.nanoTime()});
                return null;
            })));
        }
        workers.forEach(CompletableFuture::join);
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < spans.size(); i++) {
            assertTrue(spans.get(i)[0] >= spans.get(i - 1)[1], "transaction " + i + " overlapped the previous one");
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
