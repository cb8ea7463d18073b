package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Issue 14 item 10: a hidden or writeonly field is indistinguishable from an unknown one in every query
 * parameter (filter, nested filter, sort, include): same status, same code, same message with only the name
 * changed, even when the hidden field is declared filterable and sortable.
 */
@MicronautTest(environments = "test")
@TestDatabase
class HiddenFieldSideChannelTest {

    @Inject
    Api api;

    /** Each row: collection, parameter, its value with {@code NAME} standing for the field, the secret name. */
    @ParameterizedTest(name = "{0}?{1}={2} with {3}")
    @CsvSource(delimiter = '|', value = {
        "/api/gadgets   | filter  | NAME:eq:x          | pin",
        "/api/gadgets   | filter  | NAME:eq:x          | secret_note",
        "/api/gadgets   | filter  | NAME:is_null       | pin",
        "/api/gadgets   | sort    | NAME               | pin",
        "/api/gadgets   | sort    | NAME:desc          | secret_note",
        "/api/specimens | filter  | NAME:eq:x          | code",
        "/api/specimens | sort    | NAME               | code",
        "/api/books     | filter  | reviews.NAME:eq:x  | moderator_note",
        "/api/books     | filter  | reviews.NAME:eq:x  | token",
        "/api/books     | include | NAME               | moderator_note",
        "/api/books     | include | reviews.NAME       | token"
    })
    void hiddenAndWriteonlyLookUnknown(String collection, String parameter, String template, String secret) {
        String unknownName = "no_such_field";
        Api.Reply unknown = api.get(collection + Api.query(parameter, template.replace("NAME", unknownName)));
        Api.Reply hidden = api.get(collection + Api.query(parameter, template.replace("NAME", secret)));
        assertEquals(400, unknown.status(), unknown.toString());
        assertEquals(unknown.status(), hidden.status(), hidden.toString());
        assertEquals(unknown.code(), hidden.code(), hidden.toString());
        assertEquals(unknown.error().keySet(), hidden.error().keySet(), hidden.toString());
        assertNull(hidden.error().get("details"), hidden.toString());
        String expected = ((String) unknown.error().get("message")).replace(unknownName, secret);
        assertEquals(expected, hidden.error().get("message"), "same message shape as an unknown field");
    }
}
