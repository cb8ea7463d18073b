package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Concurrently;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.model.ModelPaths.LEDGERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A create, update or delete that needs nothing but its own statement (no record listener, no
 * restricting write scope, no relation, no transaction) runs as one auto-committed statement without a
 * pre-image, and keeps every answer of the transactional path: 404 for a missing, soft-deleted or
 * out-of-scope record, 422 for invalid values, 409 for a unique conflict, and concurrent updates of one
 * row each answering their own result. A model with a record listener, or a caller with a restricting
 * scope, still takes the transactional path with the pre-image.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = StandaloneWriteBeans.SPEC)
@TestDatabase
class StandaloneWritesTest {

    private static final String MEMOS = "/api/memos";

    @Inject
    Api api;
    @Inject
    StandaloneWriteBeans.LedgerJournal journal;

    @Test
    void anUpdateAndADeleteWithoutListenerOrScopeReadNoPreImage() {
        String id = api.create(GADGETS, Bodies.gadget("name", "plain"));
        Api.Reply updated = api.patch(GADGETS + "/" + id, Map.of("name", "renamed", "quantity", 3));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("no", updated.header("X-Pre-Image"));
        assertEquals("renamed", updated.data().get("name"));
        assertEquals(3, ((Number) updated.data().get("quantity")).intValue());
        assertNotEquals(updated.data().get("created_at"), updated.data().get("updated_at"));
        assertEquals("renamed", api.get(GADGETS + "/" + id).data().get("name"));
        Api.Reply deleted = api.delete(GADGETS + "/" + id);
        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals(404, api.get(GADGETS + "/" + id).status());
    }

    @Test
    void aMissingRecordIs404() {
        String missing = UUID.randomUUID().toString();
        assertEquals("NOT_FOUND", api.patch(GADGETS + "/" + missing, Map.of("name", "x")).code());
        assertEquals(404, api.patch(GADGETS + "/" + missing, Map.of("name", "x")).status());
        assertEquals(404, api.delete(GADGETS + "/" + missing).status());
        assertEquals(404, api.patch(GADGETS + "/not-a-uuid", Map.of("name", "x")).status());
    }

    @Test
    void aSoftDeletedRecordCannotBeUpdatedOrDeletedAgain() {
        String id = api.create(MEMOS, Map.of("text", "soon gone"));
        assertEquals(204, api.delete(MEMOS + "/" + id).status());
        Api.Reply patched = api.patch(MEMOS + "/" + id, Map.of("text", "back"));
        assertEquals(404, patched.status(), patched.toString());
        assertEquals(404, api.delete(MEMOS + "/" + id).status());
        Api.Reply deleted = api.get(MEMOS + Api.query("filter", "is_deleted:eq:true", "limit", "200"));
        assertTrue(deleted.list().stream().anyMatch(r -> id.equals(r.get("id")) && "soon gone".equals(r.get("text"))),
            deleted.toString());
    }

    @Test
    void invalidValuesAre422AndWriteNothing() {
        String id = api.create(GADGETS, Bodies.gadget("name", "valid", "quantity", 2));
        Api.Reply patched = api.patch(GADGETS + "/" + id, Map.of("quantity", 11));
        assertEquals(422, patched.status(), patched.toString());
        assertEquals(2, ((Number) api.get(GADGETS + "/" + id).data().get("quantity")).intValue());
        long before = api.count(GADGETS);
        assertEquals(422, api.post(GADGETS, Bodies.gadget("category", "nonsense")).status());
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void aUniqueConflictIs409OnCreateAndUpdate() {
        String sku = "STANDALONE-" + UUID.randomUUID();
        api.create(GADGETS, Bodies.gadget("sku", sku, "sku_label", sku));
        Api.Reply duplicate = api.post(GADGETS, Bodies.gadget("sku", sku));
        assertEquals(409, duplicate.status(), duplicate.toString());
        assertEquals("CONFLICT", duplicate.code());
        String other = api.create(GADGETS, Bodies.gadget("sku_label", "free-" + sku));
        Api.Reply taken = api.patch(GADGETS + "/" + other, Map.of("sku_label", sku));
        assertEquals(409, taken.status(), taken.toString());
        assertEquals("free-" + sku, api.get(GADGETS + "/" + other).data().get("sku_label"));
    }

    @Test
    void concurrentUpdatesOfOneRowEachAnswerTheirOwnResult() throws Exception {
        String id = api.create(GADGETS, Bodies.gadget("name", "contended"));
        List<Api.Reply> replies = Concurrently.run(12, i -> api.patch(GADGETS + "/" + id, Map.of("name", "writer-" + i)));
        Set<String> names = new HashSet<>();
        for (int i = 0; i < replies.size(); i++) {
            Api.Reply reply = replies.get(i);
            assertEquals(200, reply.status(), reply.toString());
            assertEquals("writer-" + i, reply.data().get("name"), reply.toString());
            names.add((String) reply.data().get("name"));
        }
        assertEquals(12, names.size());
        assertTrue(names.contains((String) api.get(GADGETS + "/" + id).data().get("name")));
    }

    @Test
    void concurrentDeletesOfOneRowSucceedOnce() throws Exception {
        String id = api.create(MEMOS, Map.of("text", "deleted once"));
        List<Integer> statuses = Concurrently.run(8, i -> api.delete(MEMOS + "/" + id).status());
        assertEquals(1, statuses.stream().filter(s -> s == 204).count(), statuses.toString());
        assertEquals(7, statuses.stream().filter(s -> s == 404).count(), statuses.toString());
    }

    @Test
    void aCallerOutsideTheScopeGets404AndTheScopedPathReadsThePreImage() {
        String id = api.create(MEMOS, Map.of("text", "mine"));
        Api outsider = api.with(Map.of("X-Memo-Text", "theirs"));
        assertEquals(404, outsider.patch(MEMOS + "/" + id, Map.of("text", "theirs")).status());
        assertEquals(404, outsider.delete(MEMOS + "/" + id).status());
        assertEquals("mine", api.get(MEMOS + "/" + id).data().get("text"));
        Api owner = api.with(Map.of("X-Memo-Text", "mine"));
        Api.Reply kept = owner.patch(MEMOS + "/" + id, Map.of("text", "mine"));
        assertEquals(200, kept.status(), kept.toString());
        assertEquals("yes", kept.header("X-Pre-Image"));
        Api.Reply moved = owner.patch(MEMOS + "/" + id, Map.of("text", "elsewhere"));
        assertEquals(403, moved.status(), moved.toString());
        assertEquals("mine", api.get(MEMOS + "/" + id).data().get("text"));
    }

    @Test
    void aRecordListenerStillSeesBothImages() {
        journal.entries.clear();
        String id = api.create(LEDGERS, Map.of("title", "first"));
        Api.Reply updated = api.patch(LEDGERS + "/" + id, Map.of("title", "second"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("yes", updated.header("X-Pre-Image"));
        Api.Reply deleted = api.delete(LEDGERS + "/" + id);
        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals("yes", deleted.header("X-Pre-Image"));
        assertEquals(List.of("CREATE - -> first", "UPDATE first -> second", "DELETE second -> -"), List.copyOf(journal.entries));
    }

    @Test
    void anUpdateNoListenerObservesReadsNoPreImageAndCallsNoListener() {
        journal.entries.clear();
        String id = api.create(LEDGERS, Map.of("title", "kept", "balance", 1));
        Api.Reply balance = api.patch(LEDGERS + "/" + id, Map.of("balance", 2));
        assertEquals(200, balance.status(), balance.toString());
        assertEquals("no", balance.header("X-Pre-Image"));
        assertEquals(2, ((Number) balance.data().get("balance")).intValue());
        Api.Reply title = api.patch(LEDGERS + "/" + id, Map.of("title", "renamed", "balance", 3));
        assertEquals(200, title.status(), title.toString());
        assertEquals("yes", title.header("X-Pre-Image"));
        assertEquals(List.of("CREATE - -> kept", "UPDATE kept -> renamed"), List.copyOf(journal.entries));
        assertEquals(3, ((Number) api.get(LEDGERS + "/" + id).data().get("balance")).intValue());
    }
}
