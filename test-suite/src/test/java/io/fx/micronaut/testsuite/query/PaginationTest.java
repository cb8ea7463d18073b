package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static io.fx.micronaut.testsuite.model.ModelPaths.TICKETS;
import static io.fx.micronaut.testsuite.query.QueryAssertions.column;
import static io.fx.micronaut.testsuite.query.QueryAssertions.meta;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** page and limit over 205 rows: meta, the default and maximum page size, and pages past the end. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaginationTest {

    private static final int ROWS = 205;

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        for (long priority = 1; priority <= ROWS; priority++) {
            api.create(TICKETS, Map.of("subject", "t" + priority, "priority", priority));
        }
    }

    private Api.Reply list(String... namesAndValues) {
        return api.get(TICKETS + Api.query(namesAndValues));
    }

    private static List<Long> priorities(Api.Reply reply) {
        return column(reply, "priority").stream().map(v -> ((Number) v).longValue()).toList();
    }

    private static List<Long> range(long first, long last) {
        return LongStream.rangeClosed(first, last).boxed().toList();
    }

    private static Map<String, Integer> expectedMeta(int total, int page, int limit, int pages) {
        return Map.of("total", total, "page", page, "limit", limit, "pages", pages);
    }

    @Test
    void theFirstPageHoldsTwentyRowsByDefault() {
        Api.Reply reply = api.get(TICKETS);
        assertEquals(range(1, 20), priorities(reply));
        assertEquals(expectedMeta(ROWS, 1, 20, 11), meta(reply));
    }

    @Test
    void pagesFollowEachOther() {
        assertEquals(range(21, 40), priorities(list("page", "2")));
        Api.Reply last = list("page", "11");
        assertEquals(range(201, 205), priorities(last));
        assertEquals(expectedMeta(ROWS, 11, 20, 11), meta(last));
    }

    @Test
    void limitSetsThePageSize() {
        Api.Reply reply = list("sort", "priority:desc", "limit", "7", "page", "3");
        assertEquals(List.of(191L, 190L, 189L, 188L, 187L, 186L, 185L), priorities(reply));
        assertEquals(expectedMeta(ROWS, 3, 7, 30), meta(reply));
        Api.Reply one = list("limit", "1", "page", "205");
        assertEquals(List.of(205L), priorities(one));
        assertEquals(expectedMeta(ROWS, 205, 1, 205), meta(one));
    }

    @Test
    void limitIsClampedToTwoHundred() {
        Api.Reply exact = list("limit", "200");
        assertEquals(range(1, 200), priorities(exact));
        assertEquals(expectedMeta(ROWS, 1, 200, 2), meta(exact));
        Api.Reply over = list("limit", "201");
        assertEquals(range(1, 200), priorities(over));
        assertEquals(expectedMeta(ROWS, 1, 200, 2), meta(over));
        Api.Reply huge = list("limit", "1000000", "page", "2");
        assertEquals(range(201, 205), priorities(huge));
        assertEquals(expectedMeta(ROWS, 2, 200, 2), meta(huge));
    }

    @Test
    void aPagePastTheEndIsEmptyButCountsEverything() {
        Api.Reply reply = list("page", "12");
        assertEquals(List.of(), priorities(reply));
        assertEquals(expectedMeta(ROWS, 12, 20, 11), meta(reply));
        Api.Reply far = list("page", "2147483647", "limit", "200");
        assertEquals(List.of(), priorities(far));
        assertEquals(expectedMeta(ROWS, 2147483647, 200, 2), meta(far));
    }

    @Test
    void metaCountsFilteredRows() {
        Api.Reply reply = list("filter", "priority:gt:195", "limit", "4", "page", "3");
        assertEquals(List.of(204L, 205L), priorities(reply));
        assertEquals(expectedMeta(10, 3, 4, 3), meta(reply));
        Api.Reply none = list("filter", "priority:gt:1000");
        assertEquals(List.of(), priorities(none));
        assertEquals(expectedMeta(0, 1, 20, 0), meta(none));
    }
}
