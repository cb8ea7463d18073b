package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;

import java.util.Map;

/** Builds gadget request bodies, which may hold explicit nulls ({@link Api#body}). */
final class Bodies {

    private Bodies() {
    }

    /** A valid gadget body (the two required fields) plus the given members. */
    static Map<String, Object> gadget(Object... keyValues) {
        Map<String, Object> body = Api.body("name", "Widget", "category", "tool");
        body.putAll(Api.body(keyValues));
        return body;
    }
}
