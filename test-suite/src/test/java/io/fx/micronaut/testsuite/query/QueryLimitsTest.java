package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.fx.micronaut.testsuite.model.ModelPaths.TICKETS;
import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertInvalidQuery;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;

/** The default query complexity limits and a per-model override. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryLimitsTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        api.create(ARTICLES, Map.of("title", "kept", "body", "b", "views", 7));
        api.create(TICKETS, Map.of("subject", "only", "priority", 1));
    }

    /** @return {@code count} repetitions of one parameter as name/value pairs */
    private static List<String> repeat(String name, String value, int count) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            pairs.add(name);
            pairs.add(value);
        }
        return pairs;
    }

    private Api.Reply list(String path, List<String> pairs) {
        return api.get(path + Api.query(pairs.toArray(String[]::new)));
    }

    private static String numbers(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    @Test
    void thirtyTwoFilterClausesAreAllowed() {
        assertRows(list(ARTICLES, repeat("filter", "views:gte:7", 32)), "title", "kept");
    }

    @Test
    void moreThanThirtyTwoFilterClausesAreRefused() {
        assertInvalidQuery(list(ARTICLES, repeat("filter", "views:gte:7", 33)),
            "33 filter clauses exceed the limit of 32", "maxFilterClauses");
    }

    @Test
    void groupedClausesCountTowardTheFilterClauseLimit() {
        List<String> pairs = new ArrayList<>(repeat("filter", "views:gte:7", 1));
        for (int group = 0; group < 8; group++) {
            pairs.addAll(repeat("filter[" + group + "]", "views:gte:7", 4));
        }
        assertInvalidQuery(list(ARTICLES, pairs), "33 filter clauses exceed the limit of 32", "maxFilterClauses");
    }

    @Test
    void eightOrGroupsAreAllowedAndNineRefused() {
        List<String> pairs = new ArrayList<>();
        for (int group = 0; group < 8; group++) {
            pairs.addAll(repeat("filter[" + group + "]", "views:eq:7", 1));
        }
        assertRows(list(ARTICLES, pairs), "title", "kept");
        pairs.addAll(repeat("filter[8]", "views:eq:7", 1));
        assertInvalidQuery(list(ARTICLES, pairs), "9 OR groups exceed the limit of 8", "maxOrGroups");
    }

    @Test
    void eightClausesInOneGroupAreAllowedAndNineRefused() {
        assertRows(list(ARTICLES, repeat("filter[3]", "views:eq:7", 8)), "title", "kept");
        assertInvalidQuery(list(ARTICLES, repeat("filter[3]", "views:eq:7", 9)),
            "filter[3] has 9 clauses, over the limit of 8", "maxGroupClauses");
    }

    @Test
    void eightSortFieldsAreAllowedAndNineRefused() {
        assertRows(list(ARTICLES, repeat("sort", "title", 8)), "title", "kept");
        List<String> nine = new ArrayList<>(repeat("sort", "title:desc,views", 4));
        nine.addAll(repeat("sort", "rating", 1));
        assertInvalidQuery(list(ARTICLES, nine), "9 sort fields exceed the limit of 8", "maxSortFields");
    }

    @Test
    void moreThanEightIncludeKeysAreRefused() {
        assertInvalidQuery(list(ARTICLES, List.of("include", "a,b,c,d,e", "include", "f,g,h,i")),
            "9 include keys exceed the limit of 8", "maxIncludes");
    }

    @Test
    void fiveHundredListValuesAreAllowedAndFiveHundredOneRefused() {
        assertRows(list(ARTICLES, List.of("filter", "views:in:" + numbers(500))), "title", "kept");
        assertRows(list(ARTICLES, List.of("filter", "views:not_in:" + numbers(500))), "title");
        assertInvalidQuery(list(ARTICLES, List.of("filter", "views:in:" + numbers(501))),
            "501 values in 'in' exceed the limit of 500", "maxInValues");
        assertInvalidQuery(list(ARTICLES, List.of("filter", "views:not_in:" + numbers(501))),
            "501 values in 'not_in' exceed the limit of 500", "maxInValues");
    }

    @Test
    void aModelCanLowerTheFilterClauseLimit() {
        assertRows(list(TICKETS, repeat("filter", "priority:eq:1", 2)), "subject", "only");
        assertInvalidQuery(list(TICKETS, repeat("filter", "priority:eq:1", 3)),
            "3 filter clauses exceed the limit of 2", "maxFilterClauses");
        assertInvalidQuery(list(TICKETS, List.of("filter[0]", "priority:eq:1", "filter[0]", "priority:eq:2",
            "filter[1]", "subject:eq:only")), "3 filter clauses exceed the limit of 2");
    }

    @Test
    void theModelOverrideLeavesOtherLimitsAndOtherModelsAlone() {
        assertRows(list(ARTICLES, repeat("filter", "views:gte:7", 3)), "title", "kept");
        assertRows(list(TICKETS, repeat("sort", "priority", 8)), "subject", "only");
        assertInvalidQuery(list(TICKETS, repeat("sort", "priority", 9)), "9 sort fields exceed the limit of 8");
        assertInvalidQuery(list(TICKETS, List.of("filter", "priority:in:" + numbers(501))),
            "501 values in 'in' exceed the limit of 500");
    }
}
