package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.include.IncludeSeed.byId;
import static io.fx.micronaut.testsuite.include.IncludeSeed.ids;
import static io.fx.micronaut.testsuite.include.IncludeSeed.many;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 2 with the default limits: a HasMany include holds at most {@code maxIncludedPerParent}
 * (100) records per parent, the first in the child's default order; a response that would include more
 * than {@code maxIncludedRows} (5,000) records, each counted as often as it appears, is 400
 * {@code INVALID_QUERY} naming the include; a model's {@code @FxQueryLimits} tightens both; the OpenAPI
 * document states them.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@Property(name = "fx.openapi.enabled", value = "true")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IncludeLimitTest {

    @Inject
    Api api;
    @Inject
    IncludeSeed seed;
    String prolific;
    String sparse;
    List<String> anthologies;

    @BeforeAll
    void seed() {
        prolific = seed.poet("prolific");
        seed.verses("poet_id", prolific, 105);
        sparse = seed.poet("sparse");
        seed.verses("poet_id", sparse, 3);
        anthologies = List.of(seed.create("anthologies", Map.of("name", "a1")),
            seed.create("anthologies", Map.of("name", "a2")), seed.create("anthologies", Map.of("name", "a3")));
        seed.verses("anthology_id", anthologies.get(0), 3);
        seed.verses("anthology_id", anthologies.get(1), 2);
        seed.verses("anthology_id", anthologies.get(2), 2);
    }

    @Test
    void aHasManyIncludeHoldsTheFirstHundredInTheDefaultOrder() {
        List<String> expected = seed.defaultOrder("verses", "poet_id:eq:" + prolific).subList(0, 100);
        Api.Reply list = api.get("/api/poets?include=verses");
        assertEquals(200, list.status(), list.toString());
        assertEquals(expected, ids(many(byId(list.list(), prolific), "verses")));
        assertEquals(seed.defaultOrder("verses", "poet_id:eq:" + sparse), ids(many(byId(list.list(), sparse), "verses")));
        Api.Reply read = api.get("/api/poets/" + prolific + "?include=verses");
        assertEquals(200, read.status(), read.toString());
        assertEquals(expected, ids(many(read.data(), "verses")));
    }

    @Test
    void aSharedParentWithItsChildrenCountsOncePerRowThatEmbedsIt() {
        // the case: 105 rows each embed the same poet with 100 verses, 10,605 included records
        Api.Reply reply = api.get("/api/verses" + Api.query("filter", "poet_id:eq:" + prolific, "limit", "200",
            "include", "poet.verses"));
        assertInvalid(reply, "include: 'poet.verses'");
        Api.Reply few = api.get("/api/verses" + Api.query("filter", "poet_id:eq:" + prolific, "limit", "40",
            "include", "poet.verses"));
        assertEquals(200, few.status(), "40 rows embed 40 + 4,000 records");
        assertEquals(100, many((Map<String, Object>) asMap(few.list().get(0).get("poet")), "verses").size());
    }

    @Test
    void aModelTightensBothLimitsForItself() {
        List<String> firstTwo = seed.defaultOrder("verses", "anthology_id:eq:" + anthologies.get(0)).subList(0, 2);
        Api.Reply read = api.get("/api/anthologies/" + anthologies.get(0) + "?include=verses");
        assertEquals(200, read.status(), read.toString());
        assertEquals(firstTwo, ids(many(read.data(), "verses")));
        assertInvalid(api.get("/api/anthologies?include=verses"), "include: 'verses'");
        assertInvalid(api.get("/api/anthologies?include=verses"), "limit of 5 included records");
        Api.Reply two = api.get("/api/anthologies" + Api.query("filter", "name:in:a1,a2", "include", "verses"));
        assertEquals(200, two.status(), "2 + 2 included records are within the model's 5");
    }

    @Test
    void theLimitsAppearInTheOpenApiDocument() {
        Api.Reply doc = api.get("/api/openapi.json");
        assertEquals(200, doc.status(), doc.toString());
        assertTrue(doc.text().contains("at most 100 records per parent record, the first in the related model's "
            + "default order (created_at, then id) (maxIncludedPerParent)"), "server per-parent limit");
        assertTrue(doc.text().contains("a response includes at most 5000 related records in all"), "server row limit");
        assertTrue(doc.text().contains("at most 2 records per parent record"), "model per-parent limit");
        assertTrue(doc.text().contains("a response includes at most 5 related records in all"), "model row limit");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value) {
        assertNotNull(value);
        return (Map<String, Object>) value;
    }

    static void assertInvalid(Api.Reply reply, String fragment) {
        assertEquals(400, reply.status(), reply.toString());
        assertEquals("INVALID_QUERY", reply.code(), reply.toString());
        assertNotNull(reply.header("X-Request-Id"), "the envelope carries a request id");
        String message = (String) reply.error().get("message");
        assertTrue(message.contains(fragment), message);
        assertTrue(message.contains("maxIncludedRows"), message);
    }
}
