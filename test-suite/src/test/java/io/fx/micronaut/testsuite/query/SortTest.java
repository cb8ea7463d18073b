package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.fx.micronaut.testsuite.query.QueryAssertions.assertOrder;
import static io.fx.micronaut.testsuite.query.QueryAssertions.column;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sort keys: repeatable, comma lists, default asc, desc, several keys, and the default order. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SortTest {

    private final Map<String, String> ids = new LinkedHashMap<>();
    @Inject
    Api api;

    @BeforeAll
    void seed() {
        seed("delta", "draft", 3, 4.5, "2024-03-01T00:00:00Z");
        seed("alpha", "published", 1, 2.0, "2024-01-01T00:00:00Z");
        seed("charlie", "draft", 3, 1.0, "2024-02-01T00:00:00Z");
        seed("bravo", "archived", 2, 4.5, "2023-12-01T00:00:00Z");
        seed("echo", "published", 1, 3.0, "2024-05-01T00:00:00Z");
    }

    private void seed(String title, String status, long views, double rating, String publishedAt) {
        ids.put(title, api.create("/api/articles", Map.of("title", title, "body", "b", "status", status,
            "views", views, "rating", rating, "published_at", publishedAt)));
    }

    private Api.Reply list(String... namesAndValues) {
        return api.get("/api/articles" + Api.query(namesAndValues));
    }

    @Test
    void withoutSortRowsComeInCreationOrder() {
        assertOrder(api.get("/api/articles"), "title", "delta", "alpha", "charlie", "bravo", "echo");
    }

    /** Each row: the sort parameter's values (one parameter per value, {@code &} between them), the titles in order. */
    @ParameterizedTest(name = "sort={0}")
    @CsvSource(delimiter = '|', textBlock = """
        # created_at can be sorted both ways
        created_at                     | delta alpha charlie bravo echo
        created_at:desc                | echo bravo charlie alpha delta
        # the direction defaults to ascending
        title                          | alpha bravo charlie delta echo
        title:asc                      | alpha bravo charlie delta echo
        # descending reverses the order
        title:desc                     | echo delta charlie bravo alpha
        published_at:desc              | echo delta charlie alpha bravo
        # repeated sort parameters apply in order
        views:desc & title             | charlie delta bravo alpha echo
        views:desc & title:desc        | delta charlie bravo echo alpha
        # a comma list in one value equals repeated parameters
        views:desc,title               | charlie delta bravo alpha echo
        views:desc, title:desc         | delta charlie bravo echo alpha
        # later keys only break ties of earlier ones
        status,rating:desc             | bravo delta charlie echo alpha
        rating:desc & views,title:desc | bravo delta echo alpha charlie
        """)
    void sortOrdersTheRows(String values, String titles) {
        String[] sorts = Arrays.stream(values.split(" & ")).flatMap(value -> Stream.of("sort", value))
            .toArray(String[]::new);
        assertOrder(list(sorts), "title", (Object[]) titles.split(" "));
    }

    @Test
    void remainingTiesAreBrokenByIdAscending() {
        Api.Reply reply = list("sort", "views");
        assertEquals(List.of(1L, 1L, 2L, 3L, 3L), column(reply, "views").stream()
            .map(v -> ((Number) v).longValue()).toList(), reply.toString());
        List<Object> titles = column(reply, "title");
        assertEquals(sortedById("alpha", "echo"), titles.subList(0, 2), reply.toString());
        assertEquals(sortedById("charlie", "delta"), titles.subList(3, 5), reply.toString());
    }

    private List<Object> sortedById(String... titles) {
        List<Object> sorted = new ArrayList<>(List.of(titles));
        sorted.sort((a, b) -> ids.get((String) a).compareTo(ids.get((String) b)));
        return sorted;
    }

    @Test
    void sortCombinesWithFilterAndPaging() {
        Api.Reply reply = list("filter", "status:neq:archived", "sort", "title", "limit", "2", "page", "2");
        assertOrder(reply, "title", "delta", "echo");
        assertEquals(Map.of("total", 4, "page", 2, "limit", 2, "pages", 2), QueryAssertions.meta(reply));
    }

    @Test
    void updatedAtFollowsTheLastWrite() throws InterruptedException {
        Thread.sleep(2);
        Api.Reply patched = api.patch("/api/articles/" + ids.get("charlie"), Map.of("body", "touched"));
        assertEquals(200, patched.status(), patched.toString());
        assertEquals("charlie", column(list("sort", "updated_at:desc"), "title").get(0));
        assertEquals("charlie", column(list("sort", "updated_at:asc"), "title").get(4));
    }
}
