package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Nested filters: a BelongsTo matches on its target, HasMany and ManyToMany when any live related
 * record matches; only fields the related model marks filterable.
 */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NestedFilterTest {

    @Inject
    Api api;
    @Inject
    Seed seed;

    @BeforeAll
    void seed() {
        String ann = seed.writer("Ann");
        String bob = seed.writer("Bob");
        String alpha = seed.book("Alpha", ann);
        String beta = seed.book("Beta", bob);
        String gamma = seed.book("Gamma", ann);
        seed.book("Delta", null);
        seed.review(alpha, 5);
        seed.review(beta, 2);
        String hidden = seed.review(gamma, 5);
        seed.delete("reviews", hidden);
        String scifi = seed.genre("scifi");
        String poetry = seed.genre("poetry");
        seed.link(alpha, scifi);
        seed.link(beta, scifi);
        seed.link(gamma, poetry);
        seed.delete("genres", poetry);
    }

    private List<Object> titles(String... namesAndValues) {
        Api.Reply reply = api.get("/api/books" + Api.query(namesAndValues) + "&sort=title");
        assertEquals(200, reply.status(), reply.toString());
        return reply.list().stream().map(b -> b.get("title")).toList();
    }

    @Test
    void belongsToMatchesOnTheTarget() {
        assertEquals(List.of("Alpha", "Gamma"), titles("filter", "writer.name:eq:Ann"));
        assertEquals(List.of("Beta"), titles("filter", "writer.name:starts_with:b"));
        assertEquals(List.of(), titles("filter", "writer.name:eq:Nobody"));
    }

    @Test
    void hasManyMatchesWhenAnyLiveRelatedRecordMatches() {
        assertEquals(List.of("Alpha"), titles("filter", "reviews.stars:gte:4"));
        assertEquals(List.of("Alpha", "Beta"), titles("filter", "reviews.stars:gte:1"));
    }

    @Test
    void manyToManyMatchesThroughTheJunction() {
        assertEquals(List.of("Alpha", "Beta"), titles("filter", "genres.label:eq:scifi"));
        // poetry was deleted: a hard delete cascades its links, so Gamma has no genre left
        assertEquals(List.of(), titles("filter", "genres.label:eq:poetry"));
    }

    @Test
    void nestedFiltersCombineWithOwnFieldsAndOrGroups() {
        assertEquals(List.of("Gamma"), titles("filter", "writer.name:eq:Ann", "filter", "title:neq:Alpha"));
        assertEquals(List.of("Alpha", "Beta", "Gamma"),
            titles("filter[0]", "writer.name:eq:Ann", "filter[0]", "genres.label:eq:scifi"));
    }

    @Test
    void refusalsNameTheRelationOrField() {
        assertInvalid("filter", "publisher.name:eq:x", "filter: unknown relation 'publisher' on Book");
        assertInvalid("filter", "writer.nickname:eq:x", "filter: unknown field 'nickname' on Writer");
        assertInvalid("filter", "writer.bio:eq:x", "filter: field 'writer.bio' is not filterable");
        assertInvalid("filter", "writer.salary:eq:x", "filter: unknown field 'salary' on Writer");
        assertInvalid("filter", "reviews.deleted_at:not_null",
            "filter: field 'reviews.deleted_at' cannot be filtered; soft-deleted related records never match");
        assertInvalid("filter", "writer.name:has:x",
            "filter: operator 'has' needs a json_array or json_object field, 'name' is neither");
    }

    private void assertInvalid(String name, String value, String message) {
        Api.Reply reply = api.get("/api/books" + Api.query(name, value));
        assertEquals(400, reply.status(), reply.toString());
        assertEquals(Map.of("code", "INVALID_QUERY", "message", message), reply.error());
    }
}
