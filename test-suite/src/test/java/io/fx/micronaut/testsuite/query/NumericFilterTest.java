package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;
import static io.fx.micronaut.testsuite.query.QueryAssertions.create;

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
        create(api, "/api/specimens", Api.body("note", note, "quantity", quantity, "price", price));
    }

    private Api.Reply filter(String clause) {
        return api.get("/api/specimens" + Api.query("filter", clause));
    }

    @Test
    void integerEqualityAndInequality() {
        assertRows(filter("quantity:eq:10"), "note", "n1");
        assertRows(filter("quantity:eq:-5"), "note", "n4");
        assertRows(filter("quantity:eq:11"), "note");
        assertRows(filter("quantity:neq:10"), "note", "n2", "n3", "n4", "n6");
    }

    @Test
    void integerOrdering() {
        assertRows(filter("quantity:gt:10"), "note", "n2", "n3");
        assertRows(filter("quantity:gte:10"), "note", "n1", "n2", "n3");
        assertRows(filter("quantity:lt:0"), "note", "n4");
        assertRows(filter("quantity:lte:0"), "note", "n4", "n6");
    }

    @Test
    void integerOrderingIsNumericNotTextual() {
        assertRows(filter("quantity:gt:9"), "note", "n1", "n2", "n3");
        assertRows(filter("quantity:lt:3"), "note", "n4", "n6");
    }

    @Test
    void integerListsAndRange() {
        assertRows(filter("quantity:in:10,30,99"), "note", "n1", "n3");
        assertRows(filter("quantity:in:7"), "note");
        assertRows(filter("quantity:in:10, 30"), "note", "n1", "n3");
        assertRows(filter("quantity:not_in:10,30"), "note", "n2", "n4", "n6");
        assertRows(filter("quantity:between:0,20"), "note", "n1", "n2", "n6");
        assertRows(filter("quantity:between:-5,-5"), "note", "n4");
        assertRows(filter("quantity:between:20,0"), "note");
    }

    @Test
    void integerNullChecks() {
        assertRows(filter("quantity:is_null"), "note", "n5");
        assertRows(filter("quantity:not_null"), "note", "n1", "n2", "n3", "n4", "n6");
    }

    @Test
    void decimalEqualityAndInequality() {
        assertRows(filter("price:eq:1.5"), "note", "n1");
        assertRows(filter("price:eq:10"), "note", "n3");
        assertRows(filter("price:eq:-1.25"), "note", "n6");
        assertRows(filter("price:neq:1.5"), "note", "n2", "n3", "n4", "n6");
    }

    @Test
    void decimalOrdering() {
        assertRows(filter("price:gt:2"), "note", "n2", "n3");
        assertRows(filter("price:gte:2.25"), "note", "n2", "n3");
        assertRows(filter("price:lt:0"), "note", "n6");
        assertRows(filter("price:lte:0"), "note", "n4", "n6");
        assertRows(filter("price:gt:1e0"), "note", "n1", "n2", "n3");
    }

    @Test
    void decimalListsAndRange() {
        assertRows(filter("price:in:2.25,10"), "note", "n2", "n3");
        assertRows(filter("price:not_in:2.25,10,0"), "note", "n1", "n6");
        assertRows(filter("price:between:-2,1.5"), "note", "n1", "n4", "n6");
    }

    @Test
    void decimalNullChecks() {
        assertRows(filter("price:is_null"), "note", "n5");
        assertRows(filter("price:not_null"), "note", "n1", "n2", "n3", "n4", "n6");
    }
}
