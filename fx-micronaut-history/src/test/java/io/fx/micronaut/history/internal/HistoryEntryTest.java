package io.fx.micronaut.history.internal;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values compare by value: numbers by magnitude, JSON objects in any key order, arrays in order, nulls inside. */
class HistoryEntryTest {

    @Test
    void numbersCompareByMagnitude() {
        assertTrue(HistoryEntry.sameValue(1L, 1.0));
        assertTrue(HistoryEntry.sameValue(1, new BigDecimal("1.000")));
        assertFalse(HistoryEntry.sameValue(1L, 1.5));
        assertTrue(HistoryEntry.sameValue(Double.NaN, Double.NaN));
        assertFalse(HistoryEntry.sameValue(Double.POSITIVE_INFINITY, 1e308));
    }

    @Test
    void objectsCompareDeeplyInAnyKeyOrder() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("x", 1);
        a.put("y", Map.of("z", List.of(1, 2)));
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("y", Map.of("z", List.of(1.0, 2.0)));
        b.put("x", 1.0);
        assertTrue(HistoryEntry.sameValue(a, b));
        assertFalse(HistoryEntry.sameValue(Map.of("y", Map.of("z", List.of(2, 1))), Map.of("y", Map.of("z", List.of(1, 2)))));
        assertFalse(HistoryEntry.sameValue(Map.of("x", 1), Map.of("x", 1, "y", 2)));
    }

    @Test
    void nullsAndOtherTypes() {
        assertTrue(HistoryEntry.sameValue(null, null));
        assertFalse(HistoryEntry.sameValue(null, "a"));
        assertFalse(HistoryEntry.sameValue("1", 1));
        assertTrue(HistoryEntry.sameValue(Arrays.asList(1, null), Arrays.asList(1.0, null)));
        assertTrue(HistoryEntry.sameValue("2026-11-29T13:00:00Z", "2026-11-29T13:00:00Z"));
    }
}
