package io.fx.micronaut.accessor;

import io.fx.micronaut.accessor.DefaultModelAccessor;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QueryStringTest {

    @Test
    void repeatsKeepTheirOrderAndEncodingIsDecoded() {
        Map<String, List<String>> parameters = DefaultModelAccessor.parameters(
            "?filter=name:eq:a%26b&filter%5B0%5D=x:eq:1&filter=owner:is_null&sort=");
        assertEquals(Map.of("filter", List.of("name:eq:a&b", "owner:is_null"), "filter[0]", List.of("x:eq:1"),
            "sort", List.of("")), parameters);
        assertEquals(List.of("filter", "filter[0]", "sort"), List.copyOf(parameters.keySet()));
    }

    @Test
    void anEmptyStringHasNoParameters() {
        assertEquals(Map.of(), DefaultModelAccessor.parameters(""));
        assertEquals(Map.of("page", List.of("")), DefaultModelAccessor.parameters("page&&"));
    }
}
