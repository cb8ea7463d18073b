package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Includes and nested filters live behind the {@link DataStore}, so code that calls it without a
 * request (background jobs, model accessors) gets them too.
 */
@MicronautTest(environments = "test")
@TestDatabase
class DataStoreIncludeTest {

    @Inject
    Seed seed;
    @Inject
    DataStore store;
    @Inject
    ModelRegistry registry;

    @Test
    @SuppressWarnings("unchecked")
    void listAndReadCarryIncludesWithoutARequest() {
        String writer = seed.writer("Lee");
        String book = seed.book("Direct", writer);
        seed.review(book, 4);
        ModelDescriptor books = registry.findByName("Book").orElseThrow();
        ModelDescriptor writers = registry.findByName("Writer").orElseThrow();
        FilterClause byWriter = new FilterClause(0, writers.findField("name").orElseThrow(), FilterOperator.EQ,
            List.of("Lee"), books.findRelation("writer").orElseThrow());
        Page page = store.list(books, new ListQuery(List.of(byWriter), List.of(), List.of("writer", "reviews"), 1, 10, false));
        assertEquals(1, page.total());
        Map<String, Object> row = page.rows().get(0);
        assertEquals("Lee", ((Map<String, Object>) row.get("writer")).get("name"));
        assertEquals(1, ((List<?>) row.get("reviews")).size());

        Map<String, Object> read = store.read(books, book, List.of("reviews.book")).orElseThrow();
        Map<String, Object> review = ((List<Map<String, Object>>) read.get("reviews")).get(0);
        assertEquals(book, ((Map<String, Object>) review.get("book")).get("id"));

        FxException unknown = assertThrows(FxException.class, () -> store.read(books, book, List.of("publisher")));
        assertEquals("INVALID_QUERY", unknown.getCode());
    }
}
