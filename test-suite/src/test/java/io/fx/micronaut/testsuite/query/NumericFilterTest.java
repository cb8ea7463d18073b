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

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertSelects;

/** The comparison, list, range and null operators on an integer and a decimal column. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NumericFilterTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        seed("n1", 10L, 1.5);
        seed("n2", 20L, 2.25);
        seed("n3", 30L, 10.0);
        seed("n4", -5L, 0.0);
        seed("n5", null, null);
        seed("n6", 0L, -1.25);
    }

    private void seed(String note, Long quantity, Double price) {
        api.create(SPECIMENS, Api.body("note", note, "quantity", quantity, "price", price));
    }

    /** Each row: a filter clause, the notes of the rows it selects (none when blank). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # integer equality and inequality
        quantity:eq:10         | n1
        quantity:eq:-5         | n4
        quantity:eq:11         |
        quantity:neq:10        | n2 n3 n4 n6
        # integer ordering
        quantity:gt:10         | n2 n3
        quantity:gte:10        | n1 n2 n3
        quantity:lt:0          | n4
        quantity:lte:0         | n4 n6
        # integer ordering is numeric, not textual
        quantity:gt:9          | n1 n2 n3
        quantity:lt:3          | n4 n6
        # integer lists and range
        quantity:in:10,30,99   | n1 n3
        quantity:in:7          |
        quantity:in:10, 30     | n1 n3
        quantity:not_in:10,30  | n2 n4 n6
        quantity:between:0,20  | n1 n2 n6
        quantity:between:-5,-5 | n4
        quantity:between:20,0  |
        # integer null checks
        quantity:is_null       | n5
        quantity:not_null      | n1 n2 n3 n4 n6
        # decimal equality and inequality
        price:eq:1.5           | n1
        price:eq:10            | n3
        price:eq:-1.25         | n6
        price:neq:1.5          | n2 n3 n4 n6
        # decimal ordering
        price:gt:2             | n2 n3
        price:gte:2.25         | n2 n3
        price:lt:0             | n6
        price:lte:0            | n4 n6
        price:gt:1e0           | n1 n2 n3
        # decimal lists and range
        price:in:2.25,10       | n2 n3
        price:not_in:2.25,10,0 | n1 n6
        price:between:-2,1.5   | n1 n4 n6
        # decimal null checks
        price:is_null          | n5
        price:not_null         | n1 n2 n3 n4 n6
        """)
    void clauseSelects(String clause, String notes) {
        assertSelects(api, clause, notes);
    }
}
