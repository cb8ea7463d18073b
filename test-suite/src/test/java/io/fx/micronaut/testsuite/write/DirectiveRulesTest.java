package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertViolations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** required, enum, min/max, Java enum properties and primitives, on create and update. */
@MicronautTest(environments = "test")
@TestDatabase
class DirectiveRulesTest {

    @Inject
    Api api;

    @Test
    void requiredFieldsAbsentAreAllReportedAtOnce() {
        long before = api.count(GADGETS);
        List<Map<String, Object>> violations = assertViolations(api.post(GADGETS, Map.of()),
            "name:required", "category:required");
        assertEquals("name", violations.get(0).get("field"), "violations follow field declaration order");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void requiredFieldsExplicitNullAreViolations() {
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, Api.body("name", null, "category", null)),
            "name:required", "category:required");
        assertViolations(api.post(GADGETS, Api.body("name", null, "category", "tool")), "name:required");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void requiredFieldMayBeOmittedOnUpdateButNotNulled() {
        String id = api.create(GADGETS, Bodies.gadget());
        Api.Reply omitted = api.patch(GADGETS + "/" + id, Map.of("quantity", 3));
        assertEquals(200, omitted.status(), omitted.toString());
        assertEquals("Widget", omitted.data().get("name"));

        assertViolations(api.patch(GADGETS + "/" + id, Api.body("name", null)), "name:required");
        assertEquals("Widget", api.get(GADGETS + "/" + id).data().get("name"));
    }

    @Test
    void everyViolationOfEveryRuleIsReportedInOneAnswer() {
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, Api.body("name", null, "category", "weapon", "quantity", 0,
                "price", 100, "size", "HUGE", "rank", 1.5, "flagged", "yes")),
            "name:required", "category:enum", "quantity:min", "price:max", "size:enum", "rank:type",
            "flagged:type");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void enumRefusesValuesOutsideTheListOnCreateAndUpdate() {
        long before = api.count(GADGETS);
        List<Map<String, Object>> violations = assertViolations(api.post(GADGETS, Bodies.gadget("category", "weapon")),
            "category:enum");
        String message = (String) violations.get(0).get("message");
        assertTrue(message.contains("tool") && message.contains("toy") && message.contains("gizmo"), message);
        assertViolations(api.post(GADGETS, Bodies.gadget("category", "Tool")), "category:enum");
        assertViolations(api.post(GADGETS, Bodies.gadget("category", "")), "category:enum");
        assertEquals(before, api.count(GADGETS));

        String id = api.create(GADGETS, Bodies.gadget("category", "toy"));
        assertViolations(api.patch(GADGETS + "/" + id, Map.of("category", "weapon")), "category:enum");
        assertEquals("toy", api.get(GADGETS + "/" + id).data().get("category"));
        Api.Reply ok = api.patch(GADGETS + "/" + id, Map.of("category", "gizmo"));
        assertEquals("gizmo", ok.data().get("category"), ok.toString());
    }

    @Test
    void integerBoundsAreInclusive() {
        assertEquals(1, ((Number) api.post(GADGETS, Bodies.gadget("quantity", 1)).data().get("quantity")).intValue());
        assertEquals(10, ((Number) api.post(GADGETS, Bodies.gadget("quantity", 10)).data().get("quantity")).intValue());
        long before = api.count(GADGETS);
        List<Map<String, Object>> low = assertViolations(api.post(GADGETS, Bodies.gadget("quantity", 0)), "quantity:min");
        assertTrue(((String) low.get(0).get("message")).contains("1"), low.toString());
        assertViolations(api.post(GADGETS, Bodies.gadget("quantity", -5)), "quantity:min");
        List<Map<String, Object>> high = assertViolations(api.post(GADGETS, Bodies.gadget("quantity", 11)),
            "quantity:max");
        assertTrue(((String) high.get(0).get("message")).contains("10"), high.toString());
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void decimalBoundsAreInclusive() {
        assertEquals(0.5, api.post(GADGETS, Bodies.gadget("price", 0.5)).data().get("price"));
        assertEquals(99.5, api.post(GADGETS, Bodies.gadget("price", 99.5)).data().get("price"));
        assertEquals(50.0, ((Number) api.post(GADGETS, Bodies.gadget("price", 50)).data().get("price")).doubleValue(),
            "an integer is a valid decimal");
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, Bodies.gadget("price", 0.49)), "price:min");
        assertViolations(api.post(GADGETS, Bodies.gadget("price", 99.51)), "price:max");
        assertViolations(api.post(GADGETS, Bodies.gadget("price", -1)), "price:min");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void boundsApplyOnUpdateAndLeaveTheRecordUnchanged() {
        String id = api.create(GADGETS, Bodies.gadget("quantity", 5, "price", 10.0));
        assertViolations(api.patch(GADGETS + "/" + id, Map.of("quantity", 11, "price", 0.1)),
            "quantity:max", "price:min");
        Map<String, Object> stored = api.get(GADGETS + "/" + id).data();
        assertEquals(5, ((Number) stored.get("quantity")).intValue());
        assertEquals(10.0, stored.get("price"));
    }

    @Test
    void javaEnumPropertyImpliesItsConstantsAsEnum() {
        Api.Reply ok = api.post(GADGETS, Bodies.gadget("size", "MEDIUM"));
        assertEquals(201, ok.status(), ok.toString());
        assertEquals("MEDIUM", ok.data().get("size"));
        long before = api.count(GADGETS);
        List<Map<String, Object>> violations = assertViolations(api.post(GADGETS, Bodies.gadget("size", "medium")),
            "size:enum");
        assertTrue(((String) violations.get(0).get("message")).contains("SMALL"), violations.toString());
        assertViolations(api.post(GADGETS, Bodies.gadget("size", "HUGE")), "size:enum");
        assertEquals(before, api.count(GADGETS));
        Api.Reply cleared = api.patch(GADGETS + "/" + ok.data().get("id"), Api.body("size", null));
        assertEquals(200, cleared.status(), cleared.toString());
        assertNull(cleared.data().get("size"), "a nullable enum property accepts null");
    }

    @Test
    void primitiveFieldsRefuseExplicitNullOnUpdateAndTakeTheirZeroOnCreate() {
        // issue 14 item 8: on create an explicit null is the same as an absent field
        Api.Reply zero = api.post(GADGETS, Bodies.gadget("rank", null, "ratio", null, "flagged", null));
        assertEquals(201, zero.status(), zero.toString());
        assertEquals(0, ((Number) zero.data().get("rank")).intValue());

        String id = api.create(GADGETS, Bodies.gadget("rank", 4));
        assertViolations(api.patch(GADGETS + "/" + id, Api.body("rank", null)), "rank:not_null");
        assertEquals(4, ((Number) api.get(GADGETS + "/" + id).data().get("rank")).intValue());
    }

    @Test
    void primitiveFieldsAbsentOnCreateGetTheirZeroValue() {
        Api.Reply created = api.post(GADGETS, Bodies.gadget());
        assertEquals(201, created.status(), created.toString());
        for (Map<String, Object> data : List.of(created.data(), api.get(GADGETS + "/" + created.data().get("id")).data())) {
            assertEquals(0, ((Number) data.get("rank")).intValue());
            assertEquals(0.0, ((Number) data.get("ratio")).doubleValue());
            assertEquals(Boolean.FALSE, data.get("flagged"));
        }
    }

    @Test
    void nullableFieldsAcceptExplicitNull() {
        Api.Reply created = api.post(GADGETS, Bodies.gadget("quantity", null, "price", null, "released_at", null,
            "tags", null, "specs", null));
        assertEquals(201, created.status(), created.toString());
        assertNull(created.data().get("quantity"));
        assertNull(created.data().get("price"));
        assertNull(created.data().get("released_at"));
        assertNull(created.data().get("tags"));
        assertNull(created.data().get("specs"));
    }
}
