package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** unique: a duplicate is 409 {@code CONFLICT} with {table, column, detail} and writes nothing. */
@MicronautTest(environments = "test")
@TestDatabase
class UniqueConflictTest {

    @Inject
    Api api;

    @SuppressWarnings("unchecked")
    private static void assertConflict(Api.Reply reply, String column, String value) {
        Map<String, Object> error = Envelopes.assertError(reply, 409, "CONFLICT");
        assertEquals(Set.of("code", "message", "details"), error.keySet(), reply.toString());
        Map<String, Object> details = assertInstanceOf(Map.class, error.get("details"), reply.toString());
        assertEquals(Set.of("table", "column", "detail"), details.keySet(), reply.toString());
        assertEquals("gadgets", details.get("table"));
        assertEquals(column, details.get("column"), reply.toString());
        String detail = assertInstanceOf(String.class, details.get("detail"));
        assertFalse(detail.isBlank());
        assertFalse(reply.text().contains(value), "the other row's value must not leak: " + reply);
        assertFalse(reply.text().toLowerCase().contains("index"), "no database internals: " + reply);
    }

    @Test
    void duplicateOnCreateIsConflictAndNotWritten() {
        api.create(GADGETS, Bodies.gadget("sku", "DUP-SKU-7781", "name", "First"));
        long before = api.count(GADGETS);
        assertConflict(api.post(GADGETS, Bodies.gadget("sku", "DUP-SKU-7781", "name", "Second")), "sku",
            "DUP-SKU-7781");
        assertEquals(before, api.count(GADGETS));
        assertTrue(api.get(GADGETS + "?limit=200").list().stream().noneMatch(r -> "Second".equals(r.get("name"))));
    }

    @Test
    void columnIsNamedExactlyEvenWhenAnotherUniqueColumnSharesItsPrefix() {
        api.create(GADGETS, Bodies.gadget("sku_label", "LABEL-5521"));
        long before = api.count(GADGETS);
        assertConflict(api.post(GADGETS, Bodies.gadget("sku_label", "LABEL-5521")), "sku_label", "LABEL-5521");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void duplicateOnUpdateIsConflictAndLeavesTheRowUnchanged() {
        api.create(GADGETS, Bodies.gadget("sku_label", "TAKEN-3301"));
        String id = api.create(GADGETS, Bodies.gadget("sku_label", "FREE-3302", "name", "Keeper"));
        assertConflict(api.patch(GADGETS + "/" + id, Map.of("sku_label", "TAKEN-3301", "name", "Lost")), "sku_label",
            "TAKEN-3301");
        Map<String, Object> stored = api.get(GADGETS + "/" + id).data();
        assertEquals("FREE-3302", stored.get("sku_label"));
        assertEquals("Keeper", stored.get("name"), "the whole update is refused");
    }

    @Test
    void nullsNeverConflictAndTheStoreStaysUsableAfterAConflict() {
        long before = api.count(GADGETS);
        api.create(GADGETS, Bodies.gadget());
        api.create(GADGETS, Bodies.gadget("sku", null, "sku_label", null));
        assertEquals(before + 2, api.count(GADGETS));

        api.create(GADGETS, Bodies.gadget("sku", "AFTER-1"));
        assertConflict(api.post(GADGETS, Bodies.gadget("sku", "AFTER-1")), "sku", "AFTER-1");
        api.create(GADGETS, Bodies.gadget("sku", "AFTER-2"));
        assertEquals(before + 4, api.count(GADGETS));
    }
}
