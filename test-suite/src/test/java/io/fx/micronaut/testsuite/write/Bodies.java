package io.fx.micronaut.testsuite.write;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds request bodies that may hold explicit nulls (which {@link Map#of} refuses). */
final class Bodies {

    private Bodies() {
    }

    /**
     * @param keyValues alternating keys and values; values may be null
     * @return an ordered mutable map
     */
    static Map<String, Object> of(Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must alternate");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            body.put((String) keyValues[i], keyValues[i + 1]);
        }
        return body;
    }

    /** A valid gadget body (the two required fields) plus the given members. */
    static Map<String, Object> gadget(Object... keyValues) {
        Map<String, Object> body = of("name", "Widget", "category", "tool");
        body.putAll(of(keyValues));
        return body;
    }
}
