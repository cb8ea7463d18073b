package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Instant;
import java.time.OffsetDateTime;

import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;
import static io.fx.micronaut.testsuite.query.QueryAssertions.create;
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
        create(api, "/api/specimens", Api.body("note", note, "active", active, "seen_at", seenAt));
    }

    private Api.Reply filter(String clause) {
        return api.get("/api/specimens" + Api.query("filter", clause));
    }

    @Test
    void booleanEquality() {
        assertRows(filter("active:eq:true"), "note", "t1", "t3");
        assertRows(filter("active:eq:false"), "note", "t2", "t5");
        assertRows(filter("active:eq:TRUE"), "note", "t1", "t3");
        assertRows(filter("active:neq:true"), "note", "t2", "t5");
    }

    @Test
    void booleanListsAndNullChecks() {
        assertRows(filter("active:in:true,false"), "note", "t1", "t2", "t3", "t5");
        assertRows(filter("active:not_in:true"), "note", "t2", "t5");
        assertRows(filter("active:is_null"), "note", "t4");
        assertRows(filter("active:not_null"), "note", "t1", "t2", "t3", "t5");
    }

    @Test
    void timestampEqualityIsOnTheInstantWhateverTheOffset() {
        assertRows(filter("seen_at:eq:2024-01-01T00:00:00Z"), "note", "t1");
        assertRows(filter("seen_at:eq:2024-01-01T02:00:00+02:00"), "note", "t1");
        assertRows(filter("seen_at:eq:2024-01-01t00:00:00z"), "note", "t1");
        assertRows(filter("seen_at:eq:2024-01-01T01:00:00Z"), "note", "t5");
        assertRows(filter("seen_at:eq:2024-03-01T00:00:00.123456Z"), "note", "t3");
        assertRows(filter("seen_at:eq:2024-03-01T00:00:00Z"), "note");
        assertRows(filter("seen_at:neq:2024-01-01T00:00:00Z"), "note", "t2", "t3", "t5");
    }

    @Test
    void timestampOrdering() {
        assertRows(filter("seen_at:gt:2024-01-01T00:00:00Z"), "note", "t2", "t3", "t5");
        assertRows(filter("seen_at:gte:2024-01-01T01:00:00Z"), "note", "t2", "t3", "t5");
        assertRows(filter("seen_at:lt:2024-01-01T01:00:00Z"), "note", "t1");
        assertRows(filter("seen_at:lte:2024-01-01T01:00:00Z"), "note", "t1", "t5");
        assertRows(filter("seen_at:gt:2024-03-01T00:00:00.123455Z"), "note", "t3");
    }

    @Test
    void timestampListsAndRange() {
        assertRows(filter("seen_at:in:2024-01-01T00:00:00Z,2024-02-01T12:00:00Z"), "note", "t1", "t2");
        assertRows(filter("seen_at:not_in:2024-01-01T00:00:00Z,2024-02-01T12:00:00Z"), "note", "t3", "t5");
        assertRows(filter("seen_at:between:2024-01-01T00:30:00Z,2024-02-01T12:00:00Z"), "note", "t2", "t5");
        assertRows(filter("seen_at:between:2024-01-01T00:00:00+00:00,2024-01-01T00:00:00Z"), "note", "t1");
    }

    @Test
    void timestampNullChecks() {
        assertRows(filter("seen_at:is_null"), "note", "t4");
        assertRows(filter("seen_at:not_null"), "note", "t1", "t2", "t3", "t5");
    }

    @Test
    void timestampsAreReturnedAsTheStoredInstant() {
        Api.Reply reply = filter("seen_at:eq:2024-01-01T01:00:00Z");
        assertRows(reply, "note", "t5");
        String seenAt = (String) reply.list().get(0).get("seen_at");
        assertEquals(Instant.parse("2024-01-01T01:00:00Z"), OffsetDateTime.parse(seenAt).toInstant(), seenAt);
    }
}
