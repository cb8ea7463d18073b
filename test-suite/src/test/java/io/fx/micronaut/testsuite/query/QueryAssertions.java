package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions shared by the list query tests. */
final class QueryAssertions {

    private QueryAssertions() {
    }

    /** @return the values of one field across the rows of a 200 list reply, in response order */
    static List<Object> column(Api.Reply reply, String field) {
        assertEquals(200, reply.status(), reply.toString());
        List<Object> values = new ArrayList<>();
        for (Map<String, Object> row : reply.list()) {
            values.add(row.get(field));
        }
        return values;
    }

    /** Asserts that a 200 list reply holds exactly the rows whose {@code field} takes the given values, in any order. */
    static void assertRows(Api.Reply reply, String field, String... expected) {
        List<String> actual = column(reply, field).stream().map(v -> Objects.toString(v, null)).sorted().toList();
        List<String> wanted = Arrays.stream(expected).sorted().toList();
        assertEquals(wanted, actual, reply.toString());
        assertEquals(expected.length, ((Number) reply.meta().get("total")).intValue(), "meta.total of " + reply);
    }

    /** @return the list of {@code /api/specimens} that one filter clause selects */
    static Api.Reply filterSpecimens(Api api, String clause) {
        return api.get(SPECIMENS + Api.query("filter", clause));
    }

    /**
     * Asserts that one filter clause selects exactly the specimens with these notes, as {@link #assertRows} does.
     *
     * @param notes the notes separated by spaces, or null when the clause selects nothing
     */
    static void assertSelects(Api api, String clause, String notes) {
        assertRows(filterSpecimens(api, clause), "note", notes == null ? new String[0] : notes.split(" "));
    }

    /** Asserts that a 200 list reply holds rows whose {@code field} takes the given values, in this order. */
    static void assertOrder(Api.Reply reply, String field, Object... expected) {
        assertEquals(Arrays.asList(expected), column(reply, field), reply.toString());
    }

    /** Asserts a 400 INVALID_QUERY whose message holds every fragment. */
    static void assertInvalidQuery(Api.Reply reply, String... fragments) {
        assertEquals(400, reply.status(), reply.toString());
        assertEquals("INVALID_QUERY", reply.code(), reply.toString());
        String message = (String) reply.error().get("message");
        assertNotNull(message, reply.toString());
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), "message '" + message + "' should mention '" + fragment + "'");
        }
    }

    /** @return the meta of a 200 list reply as plain integers */
    static Map<String, Integer> meta(Api.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        Map<String, Object> meta = reply.meta();
        return Map.of("total", ((Number) meta.get("total")).intValue(), "page", ((Number) meta.get("page")).intValue(),
            "limit", ((Number) meta.get("limit")).intValue(), "pages", ((Number) meta.get("pages")).intValue());
    }
}
