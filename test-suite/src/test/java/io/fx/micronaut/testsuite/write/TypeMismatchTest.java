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

/** A value of the wrong JSON type is a 422 {@code VALIDATION_ERROR} with rule {@code type}, never a 500. */
@MicronautTest(environments = "test")
@TestDatabase
class TypeMismatchTest {

    @Inject
    Api api;

    /** Each row: field, a JSON value of the wrong type for it. */
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
        quantity    | "5"
        quantity    | 1.5
        quantity    | true
        quantity    | [1]
        stock_level | 9223372036854775808
        stock_level | -9223372036854775809
        stock_level | 1e300
        name        | {"first":"x"}
        name        | 42
        name        | true
        name        | ["x"]
        specs       | [1,2]
        specs       | "{}"
        tags        | {"a":1}
        tags        | "[]"
        released_at | "yesterday"
        released_at | "2024-13-45T00:00:00Z"
        released_at | "2024-05-06"
        released_at | 1700000000
        active      | 1
        active      | "true"
        flagged     | 0
        price       | "9.99"
        price       | false
        size        | 1
        rank        | "1"
        rank        | 2.5
        """)
    void wrongTypeOnCreateIs422(String field, String jsonValue) {
        long before = api.count(GADGETS);
        String body = "{\"name\":\"Widget\",\"category\":\"tool\",\"" + field + "\":" + jsonValue + "}";
        if (field.equals("name")) {
            body = "{\"category\":\"tool\",\"name\":" + jsonValue + "}";
        }
        assertViolations(api.post(GADGETS, body), field + ":type");
        assertEquals(before, api.count(GADGETS), "nothing written");
    }

    @Test
    void wrongTypeOnUpdateIs422AndChangesNothing() {
        String path = GADGETS + "/"
            + api.create(GADGETS, Bodies.gadget("quantity", 2, "released_at", "2024-01-02T03:04:05Z"));
        assertViolations(api.patch(path, "{\"quantity\":\"many\",\"released_at\":\"soon\",\"specs\":[],\"active\":0}"),
            "quantity:type", "released_at:type", "specs:type", "active:type");
        Map<String, Object> stored = api.get(path).data();
        assertEquals(2, ((Number) stored.get("quantity")).intValue());
        assertEquals("2024-01-02T03:04:05Z", stored.get("released_at"));
    }

    @Test
    void everyTypeErrorIsReportedAtOnce() {
        assertViolations(api.post(GADGETS, "{\"name\":{},\"category\":[],\"quantity\":\"x\",\"price\":\"y\","
                + "\"active\":1,\"tags\":{},\"specs\":[],\"released_at\":\"z\",\"rank\":0.5}"),
            "name:type", "category:type", "quantity:type", "price:type", "active:type", "tags:type", "specs:type",
            "released_at:type", "rank:type");
    }

    @Test
    void decimalThatOverflowsADoubleIsRefused() {
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, "{\"name\":\"Widget\",\"category\":\"tool\",\"weight\":1e400}"),
            "weight:type");
        assertViolations(api.post(GADGETS, "{\"name\":\"Widget\",\"category\":\"tool\",\"weight\":-1e400}"),
            "weight:type");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void integralValuesAtTheEdgesOfTheRangeRoundTrip() {
        Api.Reply max = api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"stock_level\":9223372036854775807}");
        assertEquals(201, max.status(), max.toString());
        assertEquals(Long.MAX_VALUE, ((Number) api.get(GADGETS + "/" + max.data().get("id")).data().get("stock_level"))
            .longValue());
        Api.Reply whole = api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"quantity\":3.0}");
        assertEquals(201, whole.status(), "a decimal with no fraction is an integer: " + whole);
        assertEquals(3, ((Number) whole.data().get("quantity")).intValue());
    }
}
