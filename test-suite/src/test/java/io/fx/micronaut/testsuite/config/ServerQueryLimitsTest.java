package io.fx.micronaut.testsuite.config;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Server-wide limits from configuration apply to every model that does not override them, the pattern limits
 * of issue 14 item 1 ({@code max-like-wildcards}, {@code max-like-length}) among them.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.query-limits.max-sort-fields", value = "1")
@Property(name = "fx.query-limits.default-page-size", value = "5")
@Property(name = "fx.query-limits.max-page-size", value = "7")
@Property(name = "fx.query-limits.max-like-wildcards", value = "2")
@Property(name = "fx.query-limits.max-like-length", value = "8")
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

    @Test
    void theLikePatternLimitsApply() {
        assertEquals(200, api.get(SPECIMENS + Api.query("filter", "name:like:%a%")).status());
        Api.Reply wild = api.get(SPECIMENS + Api.query("filter", "name:like:%a%b%"));
        assertEquals(400, wild.status(), wild.toString());
        assertEquals("INVALID_QUERY", wild.code());
        assertTrue(((String) wild.error().get("message")).contains("'name'"), wild.toString());
        Api.Reply longer = api.get(SPECIMENS + Api.query("filter", "name:starts_with:abcdefghi"));
        assertEquals(400, longer.status(), longer.toString());
        assertTrue(((String) longer.error().get("message")).contains("maxLikeLength"), longer.toString());
    }
}
