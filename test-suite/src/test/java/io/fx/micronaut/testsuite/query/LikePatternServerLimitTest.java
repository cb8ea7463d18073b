package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 14 item 1: the pattern limits are set per server under {@code fx.query-limits}. */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.query-limits.max-like-wildcards", value = "2")
@Property(name = "fx.query-limits.max-like-length", value = "8")
class LikePatternServerLimitTest {

    @Inject
    Api api;

    @Test
    void serverLimitsApply() {
        assertEquals(200, api.get("/api/specimens" + Api.query("filter", "name:like:%a%")).status());
        Api.Reply wild = api.get("/api/specimens" + Api.query("filter", "name:like:%a%b%"));
        assertEquals(400, wild.status(), wild.toString());
        assertEquals("INVALID_QUERY", wild.code());
        assertTrue(((String) wild.error().get("message")).contains("'name'"), wild.toString());
        Api.Reply longer = api.get("/api/specimens" + Api.query("filter", "name:starts_with:abcdefghi"));
        assertEquals(400, longer.status(), longer.toString());
        assertTrue(((String) longer.error().get("message")).contains("maxLikeLength"), longer.toString());
    }
}
