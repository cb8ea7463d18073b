package io.fx.micronaut.testsuite.config;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Server-wide limits from configuration apply to every model that does not override them. */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.query-limits.max-sort-fields", value = "1")
@Property(name = "fx.query-limits.default-page-size", value = "5")
@Property(name = "fx.query-limits.max-page-size", value = "7")
class ServerQueryLimitsTest {

    @Inject
    Api api;

    @Test
    void configuredLimitsReplaceTheDefaults() {
        Api.Reply twoSorts = api.get("/api/articles?sort=title,views");
        assertEquals(400, twoSorts.status());
        assertEquals("2 sort fields exceed the limit of 1 (maxSortFields)", twoSorts.error().get("message"));
        assertEquals(5, ((Number) api.get("/api/articles").meta().get("limit")).intValue());
        assertEquals(7, ((Number) api.get("/api/articles?limit=50").meta().get("limit")).intValue());
    }
}
