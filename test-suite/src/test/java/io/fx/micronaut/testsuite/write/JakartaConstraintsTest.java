package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGET_SIGNUPS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertViolations;
import static io.fx.micronaut.testsuite.write.Envelopes.pairs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Jakarta Validation constraints on model properties give the same 422 shape as directives. */
@MicronautTest(environments = "test")
@TestDatabase
class JakartaConstraintsTest {

    @Inject
    Api api;

    private static Map<String, Object> valid(Object... keyValues) {
        Map<String, Object> body = Api.body("handle", "ada_99", "email", "ada@example.org");
        body.putAll(Api.body(keyValues));
        return body;
    }

    private void refused(Map<String, Object> body, String... fieldRules) {
        long before = api.count(GADGET_SIGNUPS);
        assertViolations(api.post(GADGET_SIGNUPS, body), fieldRules);
        assertEquals(before, api.count(GADGET_SIGNUPS), "nothing written");
    }

    @Test
    void validBodyAtEveryBoundaryIsAccepted() {
        api.create(GADGET_SIGNUPS, valid("age", 18, "nickname", "five5", "interests", List.of("x")));
        api.create(GADGET_SIGNUPS, valid("handle", "abc", "age", 120, "interests", List.of("a", "b", "c")));
        api.create(GADGET_SIGNUPS, valid("handle", "twelve_chars"));
    }

    @Test
    void notNullAndNotBlankMakeAFieldRequired() {
        refused(Map.of(), "handle:required", "email:required");
        refused(Api.body("handle", null, "email", null), "handle:required", "email:required");
    }

    @Test
    void notBlankRefusesWhitespace() {
        long before = api.count(GADGET_SIGNUPS);
        List<Map<String, Object>> violations = assertViolations(api.post(GADGET_SIGNUPS, valid("handle", "    ")));
        assertTrue(pairs(violations).contains("handle:not_blank"), violations.toString());
        assertEquals(before, api.count(GADGET_SIGNUPS));
    }

    @Test
    void sizeBoundsStringsAndArraysInclusively() {
        refused(valid("handle", "ab"), "handle:size");
        refused(valid("handle", "thirteen_char"), "handle:size");
        refused(valid("nickname", "sixsix"), "nickname:size");
        refused(valid("interests", List.of()), "interests:size");
        refused(valid("interests", List.of("a", "b", "c", "d")), "interests:size");
    }

    @Test
    void patternMustMatchTheWholeValue() {
        refused(valid("handle", "Ada_99"), "handle:pattern");
        refused(valid("handle", "ada-99"), "handle:pattern");
        refused(valid("handle", "ada 99\n"), "handle:pattern");
    }

    @Test
    void emailMustLookLikeAnAddress() {
        refused(valid("email", "not-an-email"), "email:email");
        refused(valid("email", "a@b"), "email:email");
        refused(valid("email", "two@@example.org"), "email:email");
    }

    @Test
    void minAndMaxAreInclusive() {
        refused(valid("age", 17), "age:min");
        refused(valid("age", 121), "age:max");
        refused(valid("age", "eighteen"), "age:type");
    }

    @Test
    void allViolationsAreReportedAtOnce() {
        List<Map<String, Object>> violations = assertViolations(api.post(GADGET_SIGNUPS, Api.body("handle", "A!",
            "email", "nope", "age", 5, "nickname", "toolong", "interests", List.of())));
        assertTrue(pairs(violations).containsAll(List.of("handle:size", "handle:pattern", "email:email", "age:min",
            "nickname:size", "interests:size")), violations.toString());
    }

    @Test
    void constraintsApplyOnUpdate() {
        String id = api.create(GADGET_SIGNUPS, valid("age", 30));
        assertViolations(api.patch(GADGET_SIGNUPS + "/" + id, Map.of("age", 200)), "age:max");
        assertViolations(api.patch(GADGET_SIGNUPS + "/" + id, Api.body("email", null)), "email:required");
        assertViolations(api.patch(GADGET_SIGNUPS + "/" + id, Map.of("handle", "")), "handle:not_blank", "handle:size",
            "handle:pattern");
        Map<String, Object> stored = api.get(GADGET_SIGNUPS + "/" + id).data();
        assertEquals(30, ((Number) stored.get("age")).intValue());
        assertEquals("ada@example.org", stored.get("email"));
        assertEquals("ada_99", stored.get("handle"));
        Api.Reply partial = api.patch(GADGET_SIGNUPS + "/" + id, Map.of("nickname", "ok"));
        assertEquals(200, partial.status(), "absent required fields are fine on update: " + partial);
    }
}
