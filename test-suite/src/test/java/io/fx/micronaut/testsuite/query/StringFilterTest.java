package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertSelects;

/** Every operator that applies to a text field, on a nullable string column; rows are told apart by {@code note}. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StringFilterTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        String[][] rows = {
            {"s1", "Alpha"}, {"s2", "alpha beta"}, {"s3", "100% pure"}, {"s4", "1000 pieces"}, {"s5", "a_b"},
            {"s6", "axb"}, {"s7", "A_B upper"}, {"s8", "back\\slash"}, {"s9", "c:d:e"},
        };
        for (String[] row : rows) {
            api.create(SPECIMENS, Map.of("note", row[0], "name", row[1]));
        }
        api.create(SPECIMENS, Map.of("note", "s10"));
    }

    /** Each row: a filter clause, the notes of the rows it selects (none when blank). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # eq is exact and case-sensitive
        name:eq:Alpha                 | s1
        name:eq:alpha                 |
        name:eq:back\\slash           | s8
        # the value may hold colons
        name:eq:c:d:e                 | s9
        name:ilike:%:%                | s9
        # neq leaves out the value and nulls
        name:neq:Alpha                | s2 s3 s4 s5 s6 s7 s8 s9
        # the ordering operators compare text
        name:gt:axb                   | s8 s9
        name:gte:axb                  | s6 s8 s9
        name:lt:A_B upper             | s3 s4
        name:lte:A_B upper            | s3 s4 s7
        # like takes a raw case-sensitive pattern
        name:like:a%                  | s2 s5 s6
        name:like:a_b                 | s5 s6
        name:like:100%                | s3 s4
        name:like:%pure               | s3
        name:like:ALPHA%              |
        # ilike takes a raw case-insensitive pattern
        name:ilike:ALPHA%             | s1 s2
        name:ilike:a_b%               | s5 s6 s7
        name:ilike:_                  |
        # contains is case-insensitive and literal
        name:contains:ALPHA           | s1 s2
        name:contains:100%            | s3
        name:contains:%               | s3
        name:contains:a_b             | s5 s7
        name:contains:_               | s5 s7
        name:contains:\\              | s8
        name:contains:k\\s            | s8
        name:contains:zzz             |
        # starts_with is case-insensitive and literal
        name:starts_with:ALP          | s1 s2
        name:starts_with:a_           | s5 s7
        name:starts_with:100%         | s3
        name:starts_with:%            |
        # ends_with is case-insensitive and literal
        name:ends_with:B              | s5 s6
        name:ends_with:_b             | s5
        name:ends_with:% PURE         | s3
        name:ends_with:%              |
        # in and not_in take comma lists
        name:in:Alpha,axb,missing     | s1 s6
        name:in:100% pure,1000 pieces | s3 s4
        name:in:alpha                 |
        name:not_in:Alpha,axb         | s2 s3 s4 s5 s7 s8 s9
        # between is inclusive
        name:between:a,b              | s2 s5 s6
        name:between:A_B upper,Alpha  | s1 s7
        # the null checks take no value
        name:is_null                  | s10
        name:is_null:                 | s10
        name:not_null                 | s1 s2 s3 s4 s5 s6 s7 s8 s9
        """)
    void clauseSelects(String clause, String notes) {
        assertSelects(api, clause, notes);
    }
}
