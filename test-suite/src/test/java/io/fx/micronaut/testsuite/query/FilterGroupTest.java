package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;

/** Bare clauses are ANDed; {@code filter[N]} clauses with the same N are ORed; different groups are ANDed. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterGroupTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        seed("one", "draft", 1);
        seed("two", "published", 2);
        seed("three", "published", 3);
        seed("four", "archived", 4);
        seed("five", "draft", 5);
    }

    private void seed(String title, String status, long views) {
        api.create("/api/articles", Map.of("title", title, "body", "b", "status", status, "views", views));
    }

    private Api.Reply list(String... namesAndValues) {
        return api.get("/api/articles" + Api.query(namesAndValues));
    }

    @Test
    void bareClausesAreAnded() {
        assertRows(list("filter", "status:eq:published", "filter", "views:gt:2"), "title", "three");
        assertRows(list("filter", "status:eq:draft", "filter", "status:eq:published"), "title");
    }

    @Test
    void clausesOfOneGroupAreOred() {
        assertRows(list("filter[0]", "status:eq:draft", "filter[0]", "status:eq:archived"), "title", "one", "four", "five");
        assertRows(list("filter[0]", "title:eq:two", "filter[0]", "views:gte:5", "filter[0]", "title:eq:none"),
            "title", "two", "five");
    }

    @Test
    void aGroupOfOneClauseActsAsThatClause() {
        assertRows(list("filter[0]", "status:eq:archived"), "title", "four");
    }

    @Test
    void differentGroupsAreAnded() {
        assertRows(list("filter[0]", "status:eq:published", "filter[0]", "status:eq:draft",
            "filter[1]", "views:gte:3", "filter[1]", "title:eq:one"), "title", "one", "three", "five");
        assertRows(list("filter[0]", "status:eq:draft", "filter[1]", "status:eq:published"), "title");
    }

    @Test
    void aBareClauseIsAndedWithTheGroups() {
        assertRows(list("filter", "views:lt:5", "filter[0]", "status:eq:draft", "filter[0]", "status:eq:published"),
            "title", "one", "two", "three");
        assertRows(list("filter[0]", "status:eq:draft", "filter[0]", "status:eq:published", "filter", "views:lt:5",
            "filter", "views:gt:1"), "title", "two", "three");
    }

    @Test
    void groupIndicesNeedNotStartAtZeroOrBeContiguous() {
        assertRows(list("filter[7]", "title:eq:two", "filter[7]", "title:eq:four", "filter[42]", "views:gt:3"),
            "title", "four");
        assertRows(list("filter[123456789]", "title:eq:five"), "title", "five");
    }

    @Test
    void orGroupsWorkWithEveryOperatorKind() {
        assertRows(list("filter[0]", "title:starts_with:T", "filter[0]", "views:in:1,4", "filter[0]", "status:is_null",
            "filter[1]", "views:between:2,4", "filter[1]", "title:contains:IV"), "title", "two", "three", "four");
        assertRows(list("filter[0]", "title:ends_with:E", "filter[0]", "status:in:archived",
            "filter[1]", "title:contains:IV", "filter[1]", "views:lt:2"), "title", "one", "five");
    }

    @Test
    void bindingDoesNotDependOnTheOrderOfBareAndGroupedClauses() {
        assertRows(list("filter[1]", "views:gt:2", "filter[0]", "status:eq:published", "filter[0]", "status:eq:draft"),
            "title", "three", "five");
        assertRows(list("filter[0]", "status:in:published,draft", "filter", "title:neq:five", "filter[1]", "views:gte:2",
            "filter", "views:lte:4"), "title", "two", "three");
    }
}
