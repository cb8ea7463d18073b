package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.include.IncludeLimitTest.assertInvalid;
import static io.fx.micronaut.testsuite.include.IncludeSeed.byId;
import static io.fx.micronaut.testsuite.include.IncludeSeed.ids;
import static io.fx.micronaut.testsuite.include.IncludeSeed.many;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 2 with server limits from configuration ({@code max-included-per-parent} 3,
 * {@code max-included-rows} 16): HasMany, ManyToMany through the junction and nested includes are
 * capped per parent in the child's default order, soft-deleted children take no place, a response over
 * the row limit is 400 naming the include, and a model's own limits still win.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@Property(name = "fx.query-limits.max-included-per-parent", value = "3")
@Property(name = "fx.query-limits.max-included-rows", value = "16")
@Property(name = "fx.openapi.enabled", value = "true")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IncludeServerLimitTest {

    @Inject
    Api api;
    @Inject
    IncludeSeed seed;
    List<String> poets = new ArrayList<>();
    List<String> themes = new ArrayList<>();
    String pruned;
    String anthology;

    @BeforeAll
    void seed() {
        for (int i = 0; i < 4; i++) {
            String poet = seed.poet("p" + i);
            poets.add(poet);
            seed.verses("poet_id", poet, 4);
        }
        for (int i = 0; i < 5; i++) {
            themes.add(seed.create("themes", Map.of("label", "t" + i)));
        }
        themes.forEach(theme -> seed.create("poet_themes", Map.of("poet_id", poets.get(0), "theme_id", theme)));
        seed.create("poet_themes", Map.of("poet_id", poets.get(1), "theme_id", themes.get(0)));
        seed.create("poet_themes", Map.of("poet_id", poets.get(1), "theme_id", themes.get(1)));
        pruned = seed.poet("pruned");
        List<String> prunedVerses = seed.verses("poet_id", pruned, 4);
        String first = seed.defaultOrder("verses", "poet_id:eq:" + pruned).get(0);
        assertEquals(204, api.delete("/api/verses/" + first).status());
        assertTrue(prunedVerses.contains(first));
        anthology = seed.create("anthologies", Map.of("name", "capped"));
        seed.verses("anthology_id", anthology, 4);
    }

    @Test
    void aHasManyIncludeHoldsTheConfiguredNumberPerParentInTheDefaultOrder() {
        Api.Reply reply = api.get("/api/poets?include=verses");
        assertEquals(200, reply.status(), "5 poets with 3 verses each: 15 included records");
        for (String poet : poets) {
            List<String> expected = seed.defaultOrder("verses", "poet_id:eq:" + poet).subList(0, 3);
            assertEquals(expected, ids(many(byId(reply.list(), poet), "verses")));
        }
    }

    @Test
    void aSoftDeletedChildTakesNoPlace() {
        Api.Reply reply = api.get("/api/poets/" + pruned + "?include=verses");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(seed.defaultOrder("verses", "poet_id:eq:" + pruned), ids(many(reply.data(), "verses")));
        assertEquals(3, many(reply.data(), "verses").size());
    }

    @Test
    void aManyToManyIncludeThroughTheJunctionIsCappedInTheTargetsDefaultOrder() {
        List<String> expected = seed.defaultOrder("themes", "label:like:t%").subList(0, 3);
        Api.Reply reply = api.get("/api/poets/" + poets.get(0) + "?include=themes");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(expected, ids(many(reply.data(), "themes")));
        Api.Reply two = api.get("/api/poets/" + poets.get(1) + "?include=themes");
        assertEquals(2, many(two.data(), "themes").size());
    }

    @Test
    @SuppressWarnings("unchecked")
    void nestedIncludesAreCappedAtEveryLevel() {
        Api.Reply reply = api.get("/api/verses" + Api.query("filter", "poet_id:eq:" + poets.get(0),
            "include", "poet.verses"));
        assertEquals(200, reply.status(), "4 rows embed the poet and its 3 verses: exactly 16 records");
        List<String> expected = seed.defaultOrder("verses", "poet_id:eq:" + poets.get(0)).subList(0, 3);
        for (Map<String, Object> verse : reply.list()) {
            assertEquals(expected, ids(many((Map<String, Object>) verse.get("poet"), "verses")));
        }
        Api.Reply theme = api.get("/api/themes/" + themes.get(0) + "?include=poets.verses");
        assertEquals(200, theme.status(), theme.toString());
        List<Map<String, Object>> linked = many(theme.data(), "poets");
        assertEquals(2, linked.size());
        linked.forEach(poet -> assertEquals(3, many(poet, "verses").size(), poet.toString()));
    }

    @Test
    void aResponseOverTheRowLimitIsRefusedNamingTheInclude() {
        // 15 verses, then 5 theme links
        assertInvalid(api.get("/api/poets?include=verses,themes"), "include: 'themes'");
        // 5 rows embed their poet (5), whose 3 verses each appear 5 times more (15)
        assertInvalid(api.get("/api/verses?limit=5&include=poet.verses"), "include: 'poet.verses'");
        assertInvalid(api.get("/api/verses?limit=5&include=poet.verses"), "limit of 16 included records");
    }

    @Test
    void aModelsOwnLimitsWinOverTheServers() {
        Api.Reply reply = api.get("/api/anthologies/" + anthology + "?include=verses");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(2, many(reply.data(), "verses").size());
    }

    @Test
    void theConfiguredLimitsAppearInTheOpenApiDocument() {
        Api.Reply doc = api.get("/api/openapi.json");
        assertEquals(200, doc.status(), doc.toString());
        assertTrue(doc.text().contains("at most 3 records per parent record"), "server per-parent limit");
        assertTrue(doc.text().contains("a response includes at most 16 related records in all"), "server row limit");
        assertTrue(doc.text().contains("at most 2 records per parent record"), "model per-parent limit");
    }
}
