package io.fx.micronaut.testsuite.transaction;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "TransactionMiddlewareTest")
@TestDatabase
class TransactionMiddlewareTest {

    @Inject
    Api api;
    @Inject
    Models models;

    private Api.Reply createLedger(String title, Map<String, String> headers) {
        return api.send("POST", "/api/ledgers", "{\"title\":\"" + title + "\"}", headers);
    }

    private long ledgers(String title) {
        return ((Number) models.query("SELECT COUNT(*) AS n FROM \"ledgers\" WHERE \"title\" = ?", title).get(0).get("n")).longValue();
    }

    private long widgets(String name) {
        return ((Number) models.query("SELECT COUNT(*) AS n FROM \"widgets\" WHERE \"name\" = ?", name).get(0).get("n")).longValue();
    }

    @Test
    void aSuccessfulWriteCommits() {
        Api.Reply reply = createLedger("commit-me", Map.of("X-Companion-Widget", "companion-commit"));
        assertEquals(201, reply.status(), reply.toString());
        assertEquals(1, ledgers("commit-me"));
        assertEquals(1, widgets("companion-commit"), "the accessor write joined the committed transaction");
    }

    @Test
    void aFourXxAbortAfterTheWriteRollsBack() {
        Api.Reply reply = createLedger("abort-me", Map.of("X-Abort-After-Write", "1", "X-Companion-Widget", "companion-abort"));
        assertEquals(409, reply.status(), reply.toString());
        assertEquals("REFUSED", reply.code());
        assertEquals(0, ledgers("abort-me"));
        assertEquals(0, widgets("companion-abort"), "the accessor write was rolled back with the request");
    }

    @Test
    void anExceptionAfterTheWriteRollsBack() {
        Api.Reply reply = createLedger("throw-me", Map.of("X-Throw-After-Write", "1"));
        assertEquals(500, reply.status(), reply.toString());
        assertEquals(Map.of("code", "PANIC", "message", "Internal Server Error"), reply.error());
        assertEquals(0, ledgers("throw-me"));
    }

    @Test
    void aNonTwoXxResponseWithoutAbortRollsBack() {
        Api.Reply reply = createLedger("late-500", Map.of("X-Answer-500", "1"));
        assertEquals(500, reply.status(), reply.toString());
        assertEquals(0, ledgers("late-500"));
    }

    @Test
    void registeringItTwiceIsHarmless() {
        Api.Reply reply = createLedger("twice", Map.of());
        assertEquals(201, reply.status(), reply.toString());
        assertEquals("true", reply.header("X-In-Transaction"), "the middleware between the two registrations ran in the transaction");
        assertEquals(1, ledgers("twice"));
        String id = (String) reply.data().get("id");
        Api.Reply update = api.send("PATCH", "/api/ledgers/" + id, "{\"title\":\"twice-updated\"}", Map.of("X-Abort-After-Write", "1"));
        assertEquals(409, update.status(), update.toString());
        assertEquals(1, ledgers("twice"), "the abort rolled back the update although two registrations wrapped it");
        assertEquals(0, ledgers("twice-updated"));
        assertEquals(204, api.delete("/api/ledgers/" + id).status());
    }

    @Test
    void withoutTheMiddlewareTheDbStepCommitsOnItsOwn() {
        Api.Reply reply = api.send("POST", "/api/widgets", "{\"name\":\"no-tx-middleware\"}", Map.of());
        assertEquals(201, reply.status(), reply.toString());
        assertEquals(null, reply.header("X-In-Transaction"));
        assertEquals(1, widgets("no-tx-middleware"));
    }

    @Test
    void perModelRegistrationWrapsTheModelsWrites() {
        Api.Reply refused = api.send("POST", "/api/vouchers", "{\"code\":\"late\"}", Map.of("X-Refuse-Late", "1"));
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("REFUSED_LATE", refused.code());
        assertEquals(0, models.of(Voucher.class).list("limit=1").total(), "the per-model transaction rolled back");
        assertEquals(201, api.post("/api/vouchers", Map.of("code", "kept")).status());
        assertEquals(1, models.of(Voucher.class).list("limit=1").total());
    }
}
