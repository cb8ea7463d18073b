package io.fx.micronaut.validation;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsonDepthTest {

    private static Object nested(int depth) {
        Object value = 1;
        for (int i = 0; i < depth; i++) {
            value = i % 2 == 0 ? List.of(value) : Map.of("k", value);
        }
        return value;
    }

    @Test
    void countsArraysAndObjects() {
        assertEquals(0, RecordValidator.depth("x", 10));
        assertEquals(1, RecordValidator.depth(List.of(), 10));
        assertEquals(1, RecordValidator.depth(Map.of("a", 1), 10));
        assertEquals(2, RecordValidator.depth(List.of(1, Map.of("a", 2)), 10));
        assertEquals(7, RecordValidator.depth(nested(7), 10));
    }

    @Test
    void stopsCountingAtTheCap() {
        assertEquals(5, RecordValidator.depth(nested(5000), 5));
    }
}
