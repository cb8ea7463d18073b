package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertInvalidQuery;
import static io.fx.micronaut.testsuite.query.QueryAssertions.meta;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every malformed list query parameter is a 400 INVALID_QUERY whose message names what is wrong. */
@MicronautTest(environments = "test")
@TestDatabase
class QueryRefusalTest {

    @Inject
    Api api;

    private static Arguments refused(String path, String name, String value, String... fragments) {
        return Arguments.of(path + " " + name + "=" + value, path + Api.query(name, value), fragments);
    }

    /** @return a refused {@code filter} on the articles */
    private static Arguments filter(String value, String... fragments) {
        return refused(ARTICLES, "filter", value, fragments);
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
            // filters
            filter("summary:eq:x", "field 'summary' is not filterable"),
            filter("secret:eq:x", "unknown field 'secret'"),
            refused(SPECIMENS, "filter", "created_at:gt:2024-01-01T00:00:00Z", "field 'created_at' is not filterable"),
            filter("id:eq:x", "field 'id' is not filterable"),
            filter("nope:eq:x", "unknown field 'nope'"),
            filter("internal_note:eq:x", "unknown field 'internal_note'"),
            refused(SPECIMENS, "filter", "code:eq:x", "unknown field 'code'"),
            filter("title:equals:x", "unknown operator 'equals'"),
            filter("title:EQ:x", "unknown operator 'EQ'"),
            filter("title:eq", "'eq' on 'title' needs a value"),
            filter("title:eq:", "'eq' on 'title' needs a value"),
            filter("views:in:", "'in' on 'views' needs a value"),
            filter("title", "'title' must be written field:operator:value"),
            filter(":eq:x", "must be written field:operator:value"),
            filter("title:is_null:x", "'is_null' on 'title' takes no value"),
            filter("published_at:not_null:2024-01-01T00:00:00Z", "'not_null' on 'published_at' takes no value"),
            filter("labels:contains:x", "'contains' is not available on JSON field 'labels'"),
            filter("attributes:eq:x", "'eq' is not available on JSON field 'attributes'"),
            filter("labels:in:a,b", "'in' is not available on JSON field 'labels'"),
            filter("title:has:x", "'has' needs a json_array or json_object field, 'title'"),
            filter("views:not_has:1", "'not_has' needs a json_array or json_object field, 'views'"),
            filter("attributes:has:size", "has on JSON object field 'attributes' takes key=value"),
            filter("attributes:not_has:=L", "JSON object field 'attributes' takes key=value"),
            filter("views:like:1%", "'like' needs a text field, 'views' is integer"),
            filter("rating:contains:1", "'contains' needs a text field, 'rating' is decimal"),
            filter("featured:ilike:t%", "'ilike' needs a text field, 'featured' is boolean"),
            filter("published_at:starts_with:2024", "'starts_with' needs a text field, 'published_at' is timestamp"),
            filter("featured:gt:true", "'gt' does not apply to boolean field 'featured'"),
            filter("featured:lte:true", "'lte' does not apply to boolean field 'featured'"),
            filter("featured:between:false,true", "'between' does not apply to boolean field 'featured'"),
            filter("views:eq:abc", "field 'views'", "'abc' is not an integer"),
            filter("views:gt:1.5", "field 'views'", "'1.5' is not an integer"),
            filter("views:in:1,x,3", "field 'views'", "'x' is not an integer"),
            filter("views:in:1,,3", "field 'views'", "'' is not an integer"),
            filter("rating:gt:abc", "field 'rating'", "'abc' is not a number"),
            filter("rating:eq:NaN", "field 'rating'", "'NaN' is not a number"),
            filter("published_at:gt:2024-01-01", "field 'published_at'", "'2024-01-01' is not an RFC 3339 timestamp"),
            filter("published_at:eq:yesterday", "'yesterday' is not an RFC 3339 timestamp"),
            filter("published_at:lt:2024-01-01T00:00:00", "is not an RFC 3339 timestamp"),
            filter("featured:eq:yes", "field 'featured'", "'yes' is not true or false"),
            filter("featured:eq:1", "'1' is not true or false"),
            filter("views:between:5", "between on 'views' takes low,high"),
            filter("views:between:1,2,3", "between on 'views' takes low,high"),
            filter("deleted_at:eq:soon", "field 'deleted_at'", "is not an RFC 3339 timestamp"),
            // filter groups
            refused(ARTICLES, "filter[x]", "title:eq:a", "filter group index 'x' must be a non-negative integer"),
            refused(ARTICLES, "filter[-1]", "title:eq:a", "filter group index '-1' must be a non-negative integer"),
            refused(ARTICLES, "filter[]", "title:eq:a", "filter group index '' must be a non-negative integer"),
            refused(ARTICLES, "filter[1.5]", "title:eq:a", "filter group index '1.5'"),
            refused(ARTICLES, "filter[ 1]", "title:eq:a", "filter group index ' 1'"),
            refused(ARTICLES, "filter[9999999999]", "title:eq:a", "filter group index '9999999999'"),
            refused(ARTICLES, "filter[0", "title:eq:a", "filter group 'filter[0' must be written filter[N]"),
            refused(ARTICLES, "filter[0]", "nope:eq:a", "unknown field 'nope'"),
            // paging
            refused(ARTICLES, "page", "abc", "page must be a positive integer, got 'abc'"),
            refused(ARTICLES, "page", "1.5", "page must be a positive integer, got '1.5'"),
            refused(ARTICLES, "page", "0", "page must be a positive integer, got '0'"),
            refused(ARTICLES, "page", "-1", "page must be a positive integer, got '-1'"),
            refused(ARTICLES, "page", "", "page must be a positive integer"),
            refused(ARTICLES, "page", "99999999999", "page must be a positive integer"),
            refused(ARTICLES, "limit", "abc", "limit must be a positive integer, got 'abc'"),
            refused(ARTICLES, "limit", "2.0", "limit must be a positive integer, got '2.0'"),
            refused(ARTICLES, "limit", "0", "limit must be a positive integer, got '0'"),
            refused(ARTICLES, "limit", "-20", "limit must be a positive integer, got '-20'"),
            // sort and include
            refused(ARTICLES, "sort", "nope", "sort: unknown field 'nope'"),
            refused(ARTICLES, "sort", "nope:desc", "sort: unknown field 'nope'"),
            refused(ARTICLES, "sort", "internal_note", "sort: unknown field 'internal_note'"),
            refused(SPECIMENS, "sort", "code:asc", "sort: unknown field 'code'"),
            refused(ARTICLES, "sort", "body", "sort: field 'body' is not sortable"),
            refused(ARTICLES, "sort", "id:desc", "sort: field 'id' is not sortable"),
            refused(ARTICLES, "sort", "slug:asc", "sort: field 'slug' is not sortable"),
            refused(SPECIMENS, "sort", "created_at", "sort: field 'created_at' is not sortable"),
            refused(ARTICLES, "sort", "title:up", "sort: direction 'up' must be asc or desc"),
            refused(ARTICLES, "sort", "title:", "sort: direction '' must be asc or desc"),
            refused(ARTICLES, "sort", "views:desc,title:sideways", "direction 'sideways'"),
            refused(ARTICLES, "include", "author", "include: unknown relation 'author'"),
            refused(ARTICLES, "include", "labels", "include: unknown relation 'labels'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusal(String label, String pathAndQuery, String[] fragments) {
        assertInvalidQuery(api.get(pathAndQuery), fragments);
    }

    @Test
    void theWellFormedCounterpartsAreAccepted() {
        String query = Api.query("filter", "title:eq:a", "filter[0]", "views:gt:1", "filter[12]", "rating:lte:2.5",
            "filter", "published_at:gt:2024-01-01T00:00:00Z", "filter", "featured:eq:false",
            "filter", "attributes:has:size=L", "filter", "labels:not_has:x", "sort", "title:desc,views",
            "page", "2", "limit", "5");
        assertEquals(Map.of("total", 0, "page", 2, "limit", 5, "pages", 0), meta(api.get(ARTICLES + query)));
    }
}
