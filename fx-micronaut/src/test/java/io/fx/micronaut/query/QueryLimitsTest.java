package io.fx.micronaut.query;

import io.fx.micronaut.config.QueryLimits;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QueryLimitsTest {

    @Test
    void defaultsMatchTheDocumentedValues() {
        assertEquals(new QueryLimits(8192, 32, 8, 8, 8, 8, 500, 200, 20, 4, 256, 100, 5000), QueryLimits.DEFAULTS);
    }

    @Test
    void negativeMembersInheritAndOthersOverride() {
        QueryLimits merged = QueryLimits.DEFAULTS.overriddenBy(new QueryLimits(-1, 2, -1, -1, 3, -1, -1, 50, -1));
        assertEquals(new QueryLimits(8192, 2, 8, 8, 3, 8, 500, 50, 20, 4, 256, 100, 5000), merged);
    }
}
