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
import static io.fx.micronaut.testsuite.query.QueryAssertions.create;

/** Every operator that applies to a text field, on a nullable string column; rows are told apart by {@code note}. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StringFilterTest {

    private static final String[] ALL_NAMED = {"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"};

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        String[][] rows = {
            {"s1", "Alpha"}, {"s2", "alpha beta"}, {"s3", "100% pure"}, {"s4", "1000 pieces"}, {"s5", "a_b"},
            {"s6", "axb"}, {"s7", "A_B upper"}, {"s8", "back\\slash"}, {"s9", "c:d:e"},
        };
        for (String[] row : rows) {
            create(api, "/api/specimens", Map.of("note", row[0], "name", row[1]));
        }
        create(api, "/api/specimens", Map.of("note", "s10"));
    }

    private Api.Reply filter(String clause) {
        return api.get("/api/specimens" + Api.query("filter", clause));
    }

    @Test
    void eqIsExactAndCaseSensitive() {
        assertRows(filter("name:eq:Alpha"), "note", "s1");
        assertRows(filter("name:eq:alpha"), "note");
        assertRows(filter("name:eq:back\\slash"), "note", "s8");
    }

    @Test
    void valueMayHoldColons() {
        assertRows(filter("name:eq:c:d:e"), "note", "s9");
        assertRows(filter("name:ilike:%:%"), "note", "s9");
    }

    @Test
    void neqLeavesOutTheValueAndNulls() {
        assertRows(filter("name:neq:Alpha"), "note", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9");
    }

    @Test
    void orderingOperatorsCompareText() {
        assertRows(filter("name:gt:axb"), "note", "s8", "s9");
        assertRows(filter("name:gte:axb"), "note", "s6", "s8", "s9");
        assertRows(filter("name:lt:A_B upper"), "note", "s3", "s4");
        assertRows(filter("name:lte:A_B upper"), "note", "s3", "s4", "s7");
    }

    @Test
    void likeTakesARawCaseSensitivePattern() {
        assertRows(filter("name:like:a%"), "note", "s2", "s5", "s6");
        assertRows(filter("name:like:a_b"), "note", "s5", "s6");
        assertRows(filter("name:like:100%"), "note", "s3", "s4");
        assertRows(filter("name:like:%pure"), "note", "s3");
        assertRows(filter("name:like:ALPHA%"), "note");
    }

    @Test
    void ilikeTakesARawCaseInsensitivePattern() {
        assertRows(filter("name:ilike:ALPHA%"), "note", "s1", "s2");
        assertRows(filter("name:ilike:a_b%"), "note", "s5", "s6", "s7");
        assertRows(filter("name:ilike:_"), "note");
    }

    @Test
    void containsIsCaseInsensitiveAndLiteral() {
        assertRows(filter("name:contains:ALPHA"), "note", "s1", "s2");
        assertRows(filter("name:contains:100%"), "note", "s3");
        assertRows(filter("name:contains:%"), "note", "s3");
        assertRows(filter("name:contains:a_b"), "note", "s5", "s7");
        assertRows(filter("name:contains:_"), "note", "s5", "s7");
        assertRows(filter("name:contains:\\"), "note", "s8");
        assertRows(filter("name:contains:k\\s"), "note", "s8");
        assertRows(filter("name:contains:zzz"), "note");
    }

    @Test
    void startsWithIsCaseInsensitiveAndLiteral() {
        assertRows(filter("name:starts_with:ALP"), "note", "s1", "s2");
        assertRows(filter("name:starts_with:a_"), "note", "s5", "s7");
        assertRows(filter("name:starts_with:100%"), "note", "s3");
        assertRows(filter("name:starts_with:%"), "note");
    }

    @Test
    void endsWithIsCaseInsensitiveAndLiteral() {
        assertRows(filter("name:ends_with:B"), "note", "s5", "s6");
        assertRows(filter("name:ends_with:_b"), "note", "s5");
        assertRows(filter("name:ends_with:% PURE"), "note", "s3");
        assertRows(filter("name:ends_with:%"), "note");
    }

    @Test
    void inAndNotInTakeCommaLists() {
        assertRows(filter("name:in:Alpha,axb,missing"), "note", "s1", "s6");
        assertRows(filter("name:in:100% pure,1000 pieces"), "note", "s3", "s4");
        assertRows(filter("name:in:alpha"), "note");
        assertRows(filter("name:not_in:Alpha,axb"), "note", "s2", "s3", "s4", "s5", "s7", "s8", "s9");
    }

    @Test
    void betweenIsInclusive() {
        assertRows(filter("name:between:a,b"), "note", "s2", "s5", "s6");
        assertRows(filter("name:between:A_B upper,Alpha"), "note", "s1", "s7");
    }

    @Test
    void nullChecksTakeNoValue() {
        assertRows(filter("name:is_null"), "note", "s10");
        assertRows(filter("name:is_null:"), "note", "s10");
        assertRows(filter("name:not_null"), "note", ALL_NAMED);
    }
}
