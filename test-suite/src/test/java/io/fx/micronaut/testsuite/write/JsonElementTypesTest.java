package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.PALETTES;
import static io.fx.micronaut.testsuite.write.Envelopes.assertViolations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 9 (the element-type part): json_array and json_object values are checked against the
 * element type the property declares ({@code List<String>}, {@code List<Long>}, {@code List<Double>},
 * {@code List<Boolean>}, a list of an enum or of maps, {@code Map<String, Long>}); {@code Object} takes
 * anything. A mismatch is 422 rule {@code type} naming the field, on create and update, and writes nothing.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class JsonElementTypesTest {

    @Inject
    Api api;

    @Test
    void valuesOfTheDeclaredElementTypesAreStoredAndReturned() {
        Api.Reply created = api.post(PALETTES, "{\"names\":[\"a\",\"b\"],\"counts\":[1,9007199254740993],"
            + "\"small\":[-2147483648,2147483647],\"weights\":[1,2.5],\"flags\":[true,false],\"shades\":[\"DARK\"],"
            + "\"swatches\":[{\"hex\":\"#fff\"}],\"extra\":{\"k\":[1,{\"x\":null}]},\"scores\":{\"a\":1,\"b\":2}}");
        assertEquals(201, created.status(), created.toString());
        Map<String, Object> data = api.get(PALETTES + "/" + created.data().get("id")).data();
        assertEquals(List.of("a", "b"), data.get("names"));
        assertEquals(List.of(1, 9007199254740993L), data.get("counts"));
        assertEquals(List.of(true, false), data.get("flags"));
        assertEquals(List.of("DARK"), data.get("shades"));
        assertEquals(Map.of("a", 1, "b", 2), data.get("scores"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
        names    | ["a",1]                 | text values
        names    | ["a",{"x":1}]           | text values
        names    | ["a",null]              | text values
        names    | [["a"]]                 | text values
        counts   | [1,"2"]                 | integers
        counts   | [1.5]                   | integers
        counts   | [1e999]                 | integers
        counts   | [9223372036854775808]   | integers
        small    | [2147483648]            | integers
        weights  | [1,true]                | numbers
        flags    | [true,"false"]          | booleans
        flags    | [0]                     | booleans
        shades   | ["DIM"]                 | values among LIGHT, DARK
        swatches | [{"hex":"#fff"},"#000"] | JSON objects
        scores   | {"a":1,"b":"x"}         | integers
        """)
    void aWrongElementIsRefusedNamingTheField(String field, String value, String expected) {
        long before = api.count(PALETTES);
        List<Map<String, Object>> details = assertViolations(api.post(PALETTES, "{\"" + field + "\":" + value + "}"),
            field + ":type");
        String message = (String) details.get(0).get("message");
        assertTrue(message.startsWith(field + " must be a") && message.endsWith(expected), message);
        assertEquals(before, api.count(PALETTES), "nothing written");
    }

    @Test
    void anUpdateIsCheckedTheSameWayAndChangesNothing() {
        String path = PALETTES + "/" + api.create(PALETTES, "{\"names\":[\"a\"],\"scores\":{\"a\":1}}");
        assertViolations(api.patch(path, "{\"names\":[2],\"scores\":{\"a\":true}}"), "names:type", "scores:type");
        Map<String, Object> data = api.get(path).data();
        assertEquals(List.of("a"), data.get("names"));
        assertEquals(Map.of("a", 1), data.get("scores"));
    }

    @Test
    void untypedElementsTakeAnyJsonValue() {
        Api.Reply created = api.post(PALETTES, "{\"extra\":{\"a\":1,\"b\":\"x\",\"c\":[true,null],\"d\":{\"e\":1.5}}}");
        assertEquals(201, created.status(), created.toString());
    }
}
