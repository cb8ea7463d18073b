package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions on the exact error envelope {@code {"error":{"code","message","details"?}}}. */
final class Envelopes {

    /** Fragments that must never reach a client in a 5xx answer. */
    private static final List<String> INTERNALS = List.of("select ", "insert ", "update ", "from ", "sql", "exception",
        "org.h2", "java.", "jdbc", "column", "table", "caused by", "at io.", "boom");

    private Envelopes() {
    }

    /**
     * Asserts status and code, that the body holds only {@code error}, and that the error holds
     * {@code code}, a non-blank {@code message} and at most {@code details}.
     *
     * @return the error object
     */
    static Map<String, Object> assertError(Api.Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply.toString());
        Map<String, Object> body = reply.body();
        assertEquals(Set.of("error"), body.keySet(), reply.toString());
        Map<String, Object> error = reply.error();
        assertEquals(code, error.get("code"), reply.toString());
        assertInstanceOf(String.class, error.get("message"), reply.toString());
        assertFalse(((String) error.get("message")).isBlank(), reply.toString());
        assertTrue(Set.of("code", "message", "details").containsAll(error.keySet()), reply.toString());
        String contentType = reply.header("Content-Type");
        assertTrue(contentType != null && contentType.startsWith("application/json"), "content type " + contentType);
        return error;
    }

    /** Asserts an error that carries no {@code details}. */
    static Map<String, Object> assertPlainError(Api.Reply reply, int status, String code) {
        Map<String, Object> error = assertError(reply, status, code);
        assertEquals(Set.of("code", "message"), error.keySet(), reply.toString());
        return error;
    }

    /**
     * Asserts a 422 {@code VALIDATION_ERROR} whose details are a list of exactly
     * {@code {field, rule, message}} objects.
     *
     * @return the violations
     */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> assertViolations(Api.Reply reply) {
        Map<String, Object> error = assertError(reply, 422, "VALIDATION_ERROR");
        assertEquals(Set.of("code", "message", "details"), error.keySet(), reply.toString());
        List<Map<String, Object>> details = assertInstanceOf(List.class, error.get("details"), reply.toString());
        assertFalse(details.isEmpty(), reply.toString());
        for (Map<String, Object> violation : details) {
            assertEquals(Set.of("field", "rule", "message"), violation.keySet(), reply.toString());
            assertInstanceOf(String.class, violation.get("field"));
            assertInstanceOf(String.class, violation.get("rule"));
            String message = assertInstanceOf(String.class, violation.get("message"));
            assertTrue(message.contains((String) violation.get("field")), "message names the field: " + violation);
        }
        return details;
    }

    /**
     * Asserts a 422 whose violations are exactly the given {@code field:rule} pairs (in any order).
     */
    static List<Map<String, Object>> assertViolations(Api.Reply reply, String... fieldRules) {
        List<Map<String, Object>> details = assertViolations(reply);
        assertEquals(Set.of(fieldRules), pairs(details), reply.toString());
        assertEquals(fieldRules.length, details.size(), "one violation per field and rule: " + reply);
        return details;
    }

    /** @return the {@code field:rule} pairs of the violations */
    static Set<String> pairs(List<Map<String, Object>> violations) {
        Set<String> pairs = new LinkedHashSet<>();
        for (Map<String, Object> v : violations) {
            pairs.add(v.get("field") + ":" + v.get("rule"));
        }
        return pairs;
    }

    /**
     * Asserts a 500 answer with the given code, the generic status text as message, no details and
     * nothing that looks like internals in the whole body.
     */
    static void assertInternalError(Api.Reply reply, String code) {
        Map<String, Object> error = assertPlainError(reply, 500, code);
        assertEquals("Internal Server Error", error.get("message"), reply.toString());
        String text = reply.text().toLowerCase(Locale.ROOT);
        for (String fragment : INTERNALS) {
            assertFalse(text.contains(fragment), "5xx body leaks '" + fragment + "': " + reply);
        }
    }
}
