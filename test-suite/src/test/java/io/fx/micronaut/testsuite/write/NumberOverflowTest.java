package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertViolations;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 14 item 3: a number out of the range of its field ({@code 1e999}, {@code -1e999}, a long beyond 64
 * bits, an int beyond 32 bits) is a 422 {@code VALIDATION_ERROR} with rule {@code type} naming the field,
 * never a 500, on create and on update, and nothing is written.
 */
@MicronautTest(environments = "test")
@TestDatabase
class NumberOverflowTest {

    @Inject
    Api api;

    /** Each row: field (Integer, Long, int, Double, double), an out-of-range JSON number. */
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "quantity    | 1e999",
        "quantity    | -1e999",
        "quantity    | 2147483648",
        "quantity    | -2147483649",
        "quantity    | 99999999999999999999999",
        "stock_level | 1e999",
        "stock_level | -1e999",
        "stock_level | 9223372036854775808",
        "stock_level | -9223372036854775809",
        "stock_level | 1e19",
        "rank        | 1e999",
        "rank        | -1e999",
        "rank        | 2147483648",
        "rank        | -2147483649",
        "rank        | 4294967296",
        "price       | 1e999",
        "price       | -1e999",
        "ratio       | 1e999",
        "ratio       | -1e999"
    })
    void outOfRangeOnCreateIs422(String field, String number) {
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"" + field + "\":" + number + "}"),
            field + ":type");
        assertEquals(before, api.count(GADGETS), "nothing written");
    }

    @Test
    void outOfRangeOnUpdateIs422AndChangesNothing() {
        String path = GADGETS + "/"
            + api.create(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"rank\":3,\"stock_level\":4}");
        assertViolations(api.patch(path, "{\"rank\":1e999,\"stock_level\":-1e999,\"quantity\":2147483648}"),
            "rank:type", "stock_level:type", "quantity:type");
        Map<String, Object> stored = api.get(path).data();
        assertEquals(3, ((Number) stored.get("rank")).intValue());
        assertEquals(4, ((Number) stored.get("stock_level")).intValue());
    }

    @Test
    void theEdgesOfTheIntRangeAreAccepted() {
        Api.Reply max = api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"rank\":2147483647}");
        assertEquals(201, max.status(), max.toString());
        assertEquals(Integer.MAX_VALUE, ((Number) api.get(GADGETS + "/" + max.data().get("id")).data().get("rank"))
            .intValue());
        Api.Reply min = api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"rank\":-2147483648}");
        assertEquals(201, min.status(), min.toString());
    }
}
