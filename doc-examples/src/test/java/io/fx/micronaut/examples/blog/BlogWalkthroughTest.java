package io.fx.micronaut.examples.blog;

import io.fx.micronaut.examples.Client;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's curl walk-through ({@code walkthrough.sh}), request for request, against the blog
 * example on an in-memory database, and again on PostgreSQL through {@code DB_WRITE_URL} (see
 * {@link WalkthroughDatabase}). Each step asserts the JSON the README shows.
 */
@MicronautTest(transactional = false)
class BlogWalkthroughTest {

    private static final List<String> GENERATED = List.of("id", "created_at", "updated_at");

    @Inject
    EmbeddedServer server;

    private Client http;
    private String authorId;
    private String helloId;
    private String filteringId;
    private String draftId;
    private String commentId;
    private String javaTagId;

    @Test
    void walkThrough() {
        http = new Client(server.getURL().toString());
        createAuthor();
        createPosts();
        readOne();
        commentOnAPost();
        filterSortAndGroup();
        filterJsonColumns();
        paginate();
        update();
        softDelete();
        validationError();
        uniqueConflict();
        relations();
        cascadeFromTheAuthor();
        unknownCollection();
    }

    private void createAuthor() {
        Client.Reply reply = http.post("/api/authors",
            "{\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\",\"bio\":\"Wrote the first program\"}");
        assertEquals(201, reply.status(), reply.toString());
        authorId = (String) reply.data().get("id");
        assertEquals("/api/authors/" + authorId, reply.location());
        assertEquals(fields("name", "Ada Lovelace", "email", "ada@example.com", "role", "writer",
            "bio", "Wrote the first program", "tenant_id", null, "avatar", null), withoutGenerated(reply.data()));
        assertTrue(reply.text().endsWith("\"tenant_id\":null,\"avatar\":null}}"), reply.text());
    }

    private void createPosts() {
        Client.Reply hello = http.post("/api/posts", "{\"title\":\"Hello, fx\",\"body\":\"Models in, REST out.\","
            + "\"status\":\"published\",\"views\":120,\"rating\":4.5,\"slug\":\"hello-fx\","
            + "\"published_at\":\"2026-01-15T10:00:00Z\",\"labels\":[\"intro\",\"java\"],"
            + "\"attributes\":{\"lang\":\"en\"},\"secret\":\"s3cret\",\"internal_note\":\"ignored\","
            + "\"author_id\":\"" + authorId + "\"}");
        assertEquals(201, hello.status(), hello.toString());
        helloId = (String) hello.data().get("id");
        assertEquals("/api/posts/" + helloId, hello.location());
        assertEquals(fields("title", "Hello, fx", "body", "Models in, REST out.", "status", "published", "views", 120,
            "rating", 4.5, "slug", "hello-fx", "published_at", "2026-01-15T10:00:00Z", "labels", List.of("intro", "java"),
            "attributes", Map.of("lang", "en"), "author_id", authorId, "owner_id", null, "featured_tag_id", null,
            "publish_at", null, "expires_at", null, "deleted_at", null, "cover", null, "thumbnail", null),
            withoutGenerated(hello.data()), "secret (writeonly) and internal_note (hidden) are never returned");

        Client.Reply filtering = http.post("/api/posts", "{\"title\":\"Filtering in depth\",\"body\":\"filter, sort, page.\","
            + "\"status\":\"published\",\"views\":300,\"rating\":4.8,\"slug\":\"filtering\","
            + "\"labels\":[\"java\",\"query\"],\"attributes\":{\"lang\":\"de\"},\"author_id\":\"" + authorId + "\"}");
        assertEquals(201, filtering.status(), filtering.toString());
        filteringId = (String) filtering.data().get("id");

        Client.Reply draft = http.post("/api/posts", "{\"title\":\"Draft notes\",\"body\":\"Work in progress.\","
            + "\"slug\":\"draft-notes\",\"labels\":[\"notes\"],\"author_id\":\"" + authorId + "\"}");
        assertEquals(201, draft.status(), draft.toString());
        draftId = (String) draft.data().get("id");
        assertEquals("/api/posts/" + draftId, draft.location());
        assertEquals("draft", draft.data().get("status"), "default:draft");
        assertEquals(0, draft.data().get("views"), "default:0");
        assertNull(draft.data().get("rating"));
    }

    private void readOne() {
        Client.Reply reply = http.get("/api/posts/" + helloId);
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(helloId, reply.data().get("id"));
        assertEquals("Hello, fx", reply.data().get("title"));
        assertEquals(List.of("intro", "java"), reply.data().get("labels"));
        assertTrue(!reply.data().containsKey("secret") && !reply.data().containsKey("internal_note"), reply.toString());
    }

    private void commentOnAPost() {
        Client.Reply reply = http.post("/api/comments", "{\"post_id\":\"" + filteringId + "\",\"body\":\"Great read!\","
            + "\"author_name\":\"Grace\",\"score\":3}");
        assertEquals(201, reply.status(), reply.toString());
        commentId = (String) reply.data().get("id");
        assertEquals(fields("post_id", filteringId, "body", "Great read!", "author_name", "Grace", "score", 3,
            "attachment", null),
            withoutGenerated(reply.data()));
    }

    private void filterSortAndGroup() {
        Client.Reply published = http.get("/api/posts?filter=status:eq:published");
        assertEquals(List.of("hello-fx", "filtering"), slugs(published));
        assertEquals(Map.of("total", 2, "page", 1, "limit", 20, "pages", 1, "has_more", false), published.meta());

        assertEquals(List.of("filtering", "hello-fx", "draft-notes"), slugs(http.get("/api/posts?sort=views:desc")));

        Client.Reply either = http.get("/api/posts?filter%5B0%5D=status:eq:draft&filter%5B0%5D=views:gte:200");
        assertEquals(List.of("filtering", "draft-notes"), slugs(either), "status = draft OR views >= 200");
    }

    private void filterJsonColumns() {
        assertEquals(List.of("hello-fx", "filtering"), slugs(http.get("/api/posts?filter=labels:has:java")));
        assertEquals(List.of("hello-fx"), slugs(http.get("/api/posts?filter=attributes:has:lang%3Den")));
    }

    private void paginate() {
        Client.Reply page = http.get("/api/posts?sort=views:desc&page=2&limit=2");
        assertEquals(200, page.status(), page.toString());
        assertEquals(List.of("draft-notes"), slugs(page));
        assertEquals(Map.of("total", 3, "page", 2, "limit", 2, "pages", 2, "has_more", false), page.meta());

        Client.Reply newest = http.get("/api/posts?sort=created_at:desc&total=none&limit=2");
        assertEquals(List.of("draft-notes", "filtering"), slugs(newest));
        assertEquals(Set.of("page", "limit", "has_more", "next_cursor"), newest.meta().keySet());
        assertEquals(true, newest.meta().get("has_more"));
        Client.Reply next = http.get("/api/posts?sort=created_at:desc&total=none&limit=2&cursor="
            + newest.meta().get("next_cursor"));
        assertEquals(List.of("hello-fx"), slugs(next));
        assertEquals(Map.of("limit", 2, "has_more", false), next.meta());
        Client.Reply foreign = http.get("/api/posts?sort=views:desc&cursor=" + newest.meta().get("next_cursor"));
        assertEquals(400, foreign.status(), foreign.toString());
        assertTrue(foreign.text().contains("INVALID_CURSOR"), foreign.toString());
    }

    private void update() {
        Client.Reply reply = http.patch("/api/posts/" + draftId, "{\"status\":\"published\",\"views\":5,\"slug\":\"renamed\"}");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals("published", reply.data().get("status"));
        assertEquals(5, reply.data().get("views"));
        assertEquals("draft-notes", reply.data().get("slug"), "slug is immutable: ignored on update");
        assertEquals("Draft notes", reply.data().get("title"), "fields not sent stay as they were");
    }

    private void softDelete() {
        Client.Reply deleted = http.delete("/api/posts/" + helloId);
        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals("", deleted.text());

        Client.Reply gone = http.get("/api/posts/" + helloId);
        assertEquals(404, gone.status(), gone.toString());
        assertEquals(Map.of("error", Map.of("code", "NOT_FOUND", "message", "Post not found")), gone.body());
        assertEquals(List.of("filtering", "draft-notes"), slugs(http.get("/api/posts")));

        Client.Reply trash = http.get("/api/posts?filter=deleted_at:not_null");
        assertEquals(List.of("hello-fx"), slugs(trash));
        assertNotNull(trash.list().get(0).get("deleted_at"));
    }

    private void validationError() {
        Client.Reply reply = http.post("/api/posts", "{\"title\":\"Bad\",\"status\":\"secret\",\"views\":-1,\"rating\":7}");
        assertEquals(422, reply.status(), reply.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) reply.body().get("error");
        assertEquals("VALIDATION_ERROR", error.get("code"));
        assertEquals("Validation failed", error.get("message"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> details = (List<Map<String, Object>>) error.get("details");
        assertEquals(List.of("body:required", "status:enum", "views:min", "rating:max"),
            details.stream().map(d -> d.get("field") + ":" + d.get("rule")).toList(), reply.toString());
    }

    private void uniqueConflict() {
        Client.Reply java = http.post("/api/tags", "{\"name\":\"java\"}");
        assertEquals(201, java.status(), java.toString());
        javaTagId = (String) java.data().get("id");
        Client.Reply again = http.post("/api/tags", "{\"name\":\"java\"}");
        assertEquals(409, again.status(), again.toString());
        assertEquals(Map.of("error", Map.of("code", "CONFLICT", "message", "a record with this name already exists",
            "details", Map.of("table", "tags", "column", "name", "detail", "a record with this name already exists"))),
            again.body());
    }

    @SuppressWarnings("unchecked")
    private void relations() {
        String link = "{\"post_id\":\"" + filteringId + "\",\"tag_id\":\"" + javaTagId + "\"}";
        assertEquals(201, http.post("/api/post_tags", link).status());
        Client.Reply twice = http.post("/api/post_tags", link);
        assertEquals(409, twice.status(), twice.toString());
        assertEquals("post_id,tag_id", ((Map<String, Object>) ((Map<String, Object>) twice.body().get("error"))
            .get("details")).get("column"));

        Client.Reply post = http.get("/api/posts/" + filteringId + "?include=author,comments,tags");
        assertEquals(200, post.status(), post.toString());
        Map<String, Object> author = (Map<String, Object>) post.data().get("author");
        assertEquals(authorId, author.get("id"));
        assertEquals("Ada Lovelace", author.get("name"));
        List<Map<String, Object>> comments = (List<Map<String, Object>>) post.data().get("comments");
        assertEquals(List.of(commentId), comments.stream().map(c -> c.get("id")).toList());
        assertEquals("Great read!", comments.get(0).get("body"));
        List<Map<String, Object>> tags = (List<Map<String, Object>>) post.data().get("tags");
        assertEquals(List.of("java"), tags.stream().map(t -> t.get("name")).toList());
        assertTrue(post.text().endsWith(",\"name\":\"java\"}]}}"), post.text());
        assertTrue(post.text().contains(",\"author_id\":\"" + authorId + "\",\"owner_id\":null,\"featured_tag_id\":null,"
            + "\"publish_at\":null,\"expires_at\":null,\"cover\":null,\"thumbnail\":null,\"deleted_at\":null,"
            + "\"author\":{"), post.text());

        assertEquals(List.of("filtering", "draft-notes"),
            slugs(http.get("/api/posts?filter=author.name:eq:Ada%20Lovelace")));
        assertEquals(List.of("filtering"), slugs(http.get("/api/posts?filter=tags.name:eq:java")));
        Client.Reply unknown = http.get("/api/posts?include=publisher");
        assertEquals(400, unknown.status(), unknown.toString());
        assertEquals(Map.of("error", Map.of("code", "INVALID_QUERY",
            "message", "include: unknown relation 'publisher' on Post")), unknown.body());
    }

    private void cascadeFromTheAuthor() {
        Client.Reply deleted = http.delete("/api/authors/" + authorId);
        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals(0, http.get("/api/posts").meta().get("total"), "posts are soft-deleted with their author");
        assertEquals(List.of("hello-fx", "filtering", "draft-notes"),
            slugs(http.get("/api/posts?filter=deleted_at:not_null")));
        assertEquals(0, http.get("/api/comments").meta().get("total"), "comments are deleted with their post");
        assertEquals(0, http.get("/api/post_tags").meta().get("total"), "links are deleted with their post");
    }

    private void unknownCollection() {
        Client.Reply reply = http.get("/api/widgets");
        assertEquals(404, reply.status(), reply.toString());
        assertEquals(Map.of("error", Map.of("code", "NOT_FOUND", "message", "No collection named 'widgets'")),
            reply.body());
    }

    private static List<Object> slugs(Client.Reply reply) {
        assertEquals(200, reply.status(), reply.toString());
        return reply.list().stream().map(post -> post.get("slug")).toList();
    }

    private static Map<String, Object> withoutGenerated(Map<String, Object> record) {
        Map<String, Object> copy = new HashMap<>(record);
        GENERATED.forEach(key -> assertNotNull(copy.remove(key), key + " is generated"));
        return copy;
    }

    /** A map from alternating keys and values; unlike {@code Map.of} it takes null values. */
    private static Map<String, Object> fields(Object... keysAndValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        assertTrue(keysAndValues.length % 2 == 0, Arrays.toString(keysAndValues));
        return map;
    }
}
