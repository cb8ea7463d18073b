package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.time.OffsetDateTime;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertSelects;
import static io.fx.micronaut.testsuite.query.QueryAssertions.filterSpecimens;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Operators on a nullable boolean column and on a timestamp column with RFC 3339 values. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BooleanAndTimestampFilterTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        seed("t1", true, "2024-01-01T00:00:00Z");
        seed("t2", false, "2024-02-01T12:00:00Z");
        seed("t3", true, "2024-03-01T00:00:00.123456Z");
        seed("t4", null, null);
        seed("t5", false, "2023-12-31T23:00:00-02:00");
    }

    private void seed(String note, Boolean active, String seenAt) {
        api.create(SPECIMENS, Api.body("note", note, "active", active, "seen_at", seenAt));
    }

    /** Each row: a filter clause, the notes of the rows it selects (none when blank). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # boolean equality
        active:eq:true                                                 | t1 t3
        active:eq:false                                                | t2 t5
        active:eq:TRUE                                                 | t1 t3
        active:neq:true                                                | t2 t5
        # boolean lists and null checks
        active:in:true,false                                           | t1 t2 t3 t5
        active:not_in:true                                             | t2 t5
        active:is_null                                                 | t4
        active:not_null                                                | t1 t2 t3 t5
        # timestamp equality is on the instant, whatever the offset
        seen_at:eq:2024-01-01T00:00:00Z                                | t1
        seen_at:eq:2024-01-01T02:00:00+02:00                           | t1
        seen_at:eq:2024-01-01t00:00:00z                                | t1
        seen_at:eq:2024-01-01T01:00:00Z                                | t5
        seen_at:eq:2024-03-01T00:00:00.123456Z                         | t3
        seen_at:eq:2024-03-01T00:00:00Z                                |
        seen_at:neq:2024-01-01T00:00:00Z                               | t2 t3 t5
        # timestamp ordering
        seen_at:gt:2024-01-01T00:00:00Z                                | t2 t3 t5
        seen_at:gte:2024-01-01T01:00:00Z                               | t2 t3 t5
        seen_at:lt:2024-01-01T01:00:00Z                                | t1
        seen_at:lte:2024-01-01T01:00:00Z                               | t1 t5
        seen_at:gt:2024-03-01T00:00:00.123455Z                         | t3
        # timestamp lists and range
        seen_at:in:2024-01-01T00:00:00Z,2024-02-01T12:00:00Z           | t1 t2
        seen_at:not_in:2024-01-01T00:00:00Z,2024-02-01T12:00:00Z       | t3 t5
        seen_at:between:2024-01-01T00:30:00Z,2024-02-01T12:00:00Z      | t2 t5
        seen_at:between:2024-01-01T00:00:00+00:00,2024-01-01T00:00:00Z | t1
        # timestamp null checks
        seen_at:is_null                                                | t4
        seen_at:not_null                                               | t1 t2 t3 t5
        """)
    void clauseSelects(String clause, String notes) {
        assertSelects(api, clause, notes);
    }

    @Test
    void timestampsAreReturnedAsTheStoredInstant() {
        Api.Reply reply = filterSpecimens(api, "seen_at:eq:2024-01-01T01:00:00Z");
        assertRows(reply, "note", "t5");
        String seenAt = (String) reply.list().get(0).get("seen_at");
        assertEquals(Instant.parse("2024-01-01T01:00:00Z"), OffsetDateTime.parse(seenAt).toInstant(), seenAt);
    }
}
