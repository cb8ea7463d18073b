package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.HeaderScope;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.include.IncludeSeed.ids;
import static io.fx.micronaut.testsuite.include.IncludeSeed.many;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 14 item 2 with a scope: the caller's scope of the related table applies inside the per-parent
 * window, so a scoped-out child takes no place among the first {@code max-included-per-parent} (2).
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@Property(name = "spec.name", value = "IncludeScopeTest")
@Property(name = "fx.query-limits.max-included-per-parent", value = "2")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IncludeScopeTest {

    @Inject
    Api api;
    @Inject
    IncludeSeed seed;
    String poet;

    @BeforeAll
    void seed() {
        poet = seed.poet("scoped");
        for (String title : List.of("hidden", "hidden", "shown", "shown", "shown")) {
            seed.create("verses", Map.of("title", title, "poet_id", poet));
        }
    }

    @Test
    void scopedOutChildrenTakeNoPlaceInTheWindow() {
        List<String> shown = seed.defaultOrder("verses", "title:eq:shown");
        assertEquals(3, shown.size());
        Api.Reply scoped = api.send("GET", "/api/poets/" + poet + "?include=verses", null,
            Map.of("X-Verse-Title", "shown"));
        assertEquals(200, scoped.status(), scoped.toString());
        assertEquals(shown.subList(0, 2), ids(many(scoped.data(), "verses")));
        Api.Reply all = api.get("/api/poets/" + poet + "?include=verses");
        assertEquals(seed.defaultOrder("verses", "poet_id:eq:" + poet).subList(0, 2), ids(many(all.data(), "verses")));
    }

    /** Scopes verses to the title named by the {@code X-Verse-Title} header, when present. */
    @Singleton
    @Requires(property = "spec.name", value = "IncludeScopeTest")
    static class VerseTitleScope extends HeaderScope {
        VerseTitleScope() {
            super("Verse", "X-Verse-Title", "title");
        }
    }
}
