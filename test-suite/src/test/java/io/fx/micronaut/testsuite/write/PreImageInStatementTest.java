package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Concurrently;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.model.ModelPaths.LEDGERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An update whose record listeners all read the pre-image only after the statement
 * ({@code RecordListener.needsPreImageBeforeStatement() == false}): on PostgreSQL the update statement locks and
 * reads the row itself ({@code beforeWrite} sees no pre-image; {@code afterWrite} and the DB step see both images),
 * on H2 the pre-image is read first as before. Either way the answers are those of the two-step path: 404 for a
 * missing, soft-deleted or out-of-scope record, 403 for a row the update would move out of scope, 409 for a unique
 * conflict, values a listener changes in {@code beforeWrite} written, and concurrent updates of one row serialised
 * (each sees the previous one's result as its pre-image). A listener that needs the pre-image before the statement,
 * beside one that does not, still gets it.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = PreImageInStatementBeans.SPEC)
@TestDatabase
class PreImageInStatementTest {

    private static final String MEMOS = "/api/memos";

    @Inject
    Api api;
    @Inject
    PreImageInStatementBeans.GadgetJournal gadgets;
    @Inject
    PreImageInStatementBeans.MemoJournal memos;
    @Inject
    PreImageInStatementBeans.LedgerLateJournal ledgerLate;
    @Inject
    PreImageInStatementBeans.LedgerEarlyJournal ledgerEarly;

    @BeforeEach
    void clear() {
        gadgets.clear();
        memos.clear();
        ledgerLate.clear();
        ledgerEarly.clear();
    }

    /** What beforeWrite sees of an update whose listeners all read the pre-image after the statement. */
    private static String early() {
        return Databases.isPostgres() ? "none" : "before";
    }

    @Test
    void theListenerGetsBothImagesAfterTheStatement() {
        String id = api.create(GADGETS, Bodies.gadget("name", "first"));
        Api.Reply updated = api.patch(GADGETS + "/" + id, Map.of("name", "second", "quantity", 4));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("yes", updated.header("X-Pre-Image"));
        assertEquals("second", updated.data().get("name"));
        assertEquals(4, ((Number) updated.data().get("quantity")).intValue());
        assertEquals(List.of(early()), List.copyOf(gadgets.early));
        assertEquals(List.of("first -> second"), List.copyOf(gadgets.images));
        assertEquals("second", api.get(GADGETS + "/" + id).data().get("name"));
    }

    @Test
    void valuesAListenerChangesBeforeTheStatementAreWritten() {
        String id = api.create(GADGETS, Bodies.gadget("name", "quiet"));
        Api.Reply updated = api.patch(GADGETS + "/" + id, Map.of("name", "shout:loud"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("LOUD", updated.data().get("name"));
        assertEquals(List.of("quiet -> LOUD"), List.copyOf(gadgets.images));
        assertEquals("LOUD", api.get(GADGETS + "/" + id).data().get("name"));
    }

    @Test
    void aMissingOrMalformedIdIs404AndCallsNoAfterWrite() {
        String missing = UUID.randomUUID().toString();
        Api.Reply reply = api.patch(GADGETS + "/" + missing, Map.of("name", "x"));
        assertEquals(404, reply.status(), reply.toString());
        assertEquals("NOT_FOUND", reply.code());
        assertEquals(404, api.patch(GADGETS + "/not-a-uuid", Map.of("name", "x")).status());
        assertEquals(List.of(), List.copyOf(gadgets.images));
    }

    @Test
    void aSoftDeletedRecordIs404AndStaysDeleted() {
        String id = api.create(MEMOS, Map.of("text", "soon gone"));
        assertEquals(204, api.delete(MEMOS + "/" + id).status());
        Api.Reply patched = api.patch(MEMOS + "/" + id, Map.of("text", "back"));
        assertEquals(404, patched.status(), patched.toString());
        assertEquals(List.of(), List.copyOf(memos.images));
        Api.Reply deleted = api.get(MEMOS + Api.query("filter", "is_deleted:eq:true", "limit", "200"));
        assertTrue(deleted.list().stream().anyMatch(r -> id.equals(r.get("id")) && "soon gone".equals(r.get("text"))),
            deleted.toString());
    }

    @Test
    void theScopeHoldsInTheStatement() {
        String id = api.create(MEMOS, Map.of("text", "mine"));
        Api outsider = api.with(Map.of("X-Memo-Text", "theirs"));
        Api.Reply foreign = outsider.patch(MEMOS + "/" + id, Map.of("text", "theirs"));
        assertEquals(404, foreign.status(), foreign.toString());
        assertEquals("mine", api.get(MEMOS + "/" + id).data().get("text"));
        Api owner = api.with(Map.of("X-Memo-Text", "mine"));
        Api.Reply moved = owner.patch(MEMOS + "/" + id, Map.of("text", "elsewhere"));
        assertEquals(403, moved.status(), moved.toString());
        assertEquals("mine", api.get(MEMOS + "/" + id).data().get("text"));
        Api.Reply kept = owner.patch(MEMOS + "/" + id, Map.of("text", "mine"));
        assertEquals(200, kept.status(), kept.toString());
        assertEquals("yes", kept.header("X-Pre-Image"));
        assertEquals(List.of("mine -> mine"), List.copyOf(memos.images));
    }

    @Test
    void aUniqueConflictIs409AndChangesNothing() {
        String sku = "PRE-IMAGE-" + UUID.randomUUID();
        api.create(GADGETS, Bodies.gadget("sku_label", sku));
        String other = api.create(GADGETS, Bodies.gadget("sku_label", "free-" + sku));
        Api.Reply taken = api.patch(GADGETS + "/" + other, Map.of("sku_label", sku));
        assertEquals(409, taken.status(), taken.toString());
        assertEquals("CONFLICT", taken.code());
        assertEquals("free-" + sku, api.get(GADGETS + "/" + other).data().get("sku_label"));
        assertEquals(List.of(), List.copyOf(gadgets.images));
    }

    @Test
    void concurrentUpdatesOfOneRowAreSerialised() throws Exception {
        String id = api.create(GADGETS, Bodies.gadget("name", "writer-start"));
        List<Api.Reply> replies = Concurrently.run(12, i -> api.patch(GADGETS + "/" + id, Map.of("name", "writer-" + i)));
        for (int i = 0; i < replies.size(); i++) {
            assertEquals(200, replies.get(i).status(), replies.get(i).toString());
            assertEquals("writer-" + i, replies.get(i).data().get("name"));
        }
        // each update's pre-image is the result of exactly one other update (or the first value): one chain
        Map<String, String> next = new HashMap<>();
        for (String image : List.copyOf(gadgets.images)) {
            String[] parts = image.split(" -> ");
            assertEquals(null, next.put(parts[0], parts[1]), "two updates saw the same pre-image: " + gadgets.images);
        }
        assertEquals(12, next.size(), gadgets.images.toString());
        List<String> chain = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String value = "writer-start";
        while (next.containsKey(value)) {
            value = next.get(value);
            assertTrue(seen.add(value), "a cycle in " + gadgets.images);
            chain.add(value);
        }
        assertEquals(12, chain.size(), gadgets.images.toString());
        assertEquals(value, api.get(GADGETS + "/" + id).data().get("name"));
    }

    @Test
    void aListenerThatNeedsThePreImageEarlyStillGetsIt() {
        String id = api.create(LEDGERS, Map.of("title", "first"));
        Api.Reply updated = api.patch(LEDGERS + "/" + id, Map.of("title", "second"));
        assertEquals(200, updated.status(), updated.toString());
        assertNotNull(updated.data().get("title"));
        assertEquals(List.of("before"), List.copyOf(ledgerEarly.early));
        assertEquals(List.of("before"), List.copyOf(ledgerLate.early));
        assertEquals(List.of("first -> second"), List.copyOf(ledgerEarly.images));
        assertEquals(List.of("first -> second"), List.copyOf(ledgerLate.images));
    }
}
