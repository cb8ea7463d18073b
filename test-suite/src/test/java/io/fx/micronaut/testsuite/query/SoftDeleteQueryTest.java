package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertInvalidQuery;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Soft-deleted rows leave list and read unless the caller filters on the marker; and query parameters
 * are parsed on every operation, so a malformed one refuses a write before it happens.
 */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SoftDeleteQueryTest {

    private static final String BAD = Api.query("filter", "nope:eq:x");

    @Inject
    Api api;
    String liveId;
    String goneId;
    Instant beforeDelete;

    @BeforeAll
    void seed() {
        liveId = api.create(ARTICLES, Map.of("title", "live", "body", "b", "views", 1));
        goneId = api.create(ARTICLES, Map.of("title", "gone", "body", "b", "views", 2));
        api.create(ARTICLES, Map.of("title", "other", "body", "b", "views", 3));
        beforeDelete = Instant.now();
        assertEquals(204, api.delete(ARTICLES + "/" + goneId).status());
    }

    private Api.Reply list(String... namesAndValues) {
        return api.get(ARTICLES + Api.query(namesAndValues));
    }

    @Test
    void deletedRowsAreHiddenFromListAndRead() {
        assertRows(api.get(ARTICLES), "title", "live", "other");
        assertRows(list("filter", "title:eq:gone"), "title");
        assertRows(list("filter", "views:gte:2"), "title", "other");
        Api.Reply read = api.get(ARTICLES + "/" + goneId);
        assertEquals(404, read.status(), read.toString());
        assertEquals("NOT_FOUND", read.code());
    }

    @Test
    void liveRowsShowANullMarker() {
        Api.Reply read = api.get(ARTICLES + "/" + liveId);
        assertEquals(200, read.status(), read.toString());
        assertTrue(read.data().containsKey("deleted_at"), read.toString());
        assertNull(read.data().get("deleted_at"));
    }

    @Test
    void filteringOnTheMarkerShowsDeletedRows() {
        Api.Reply reply = list("filter", "deleted_at:not_null");
        assertRows(reply, "title", "gone");
        Instant deletedAt = OffsetDateTime.parse((String) reply.list().get(0).get("deleted_at")).toInstant();
        assertFalse(deletedAt.isBefore(beforeDelete.minusSeconds(1)), deletedAt.toString());
        assertRows(list("filter", "deleted_at:is_null"), "title", "live", "other");
        assertRows(list("filter", "deleted_at:gt:" + beforeDelete.minusSeconds(60)), "title", "gone");
    }

    @Test
    void aMarkerFilterInAnOrGroupAlsoLiftsTheExclusion() {
        assertRows(list("filter[0]", "deleted_at:not_null", "filter[0]", "title:eq:live"), "title", "live", "gone");
        assertRows(list("filter", "deleted_at:not_null", "filter", "title:eq:gone"), "title", "gone");
    }

    @Test
    void deletedRowsCannotBeUpdatedOrDeletedAgain() {
        Api.Reply patch = api.patch(ARTICLES + "/" + goneId, Map.of("title", "revived"));
        assertEquals(404, patch.status(), patch.toString());
        assertEquals(404, api.delete(ARTICLES + "/" + goneId).status());
        assertRows(list("filter", "deleted_at:not_null"), "title", "gone");
    }

    @Test
    void aMalformedQueryRefusesACreate() {
        Api.Reply reply = api.post(ARTICLES + BAD, Map.of("title", "never", "body", "b"));
        assertInvalidQuery(reply, "unknown field 'nope'");
        assertRows(list("filter", "title:eq:never"), "title");
    }

    @Test
    void aMalformedQueryRefusesAnUpdate() {
        assertInvalidQuery(api.patch(ARTICLES + "/" + liveId + Api.query("sort", "title:up"), Map.of("title", "changed")),
            "direction 'up'");
        assertRows(list("filter", "title:eq:live"), "title", "live");
    }

    @Test
    void aMalformedQueryRefusesADeleteAndARead() {
        assertInvalidQuery(api.delete(ARTICLES + "/" + liveId + Api.query("page", "0")), "page must be a positive integer");
        assertInvalidQuery(api.get(ARTICLES + "/" + liveId + BAD), "unknown field 'nope'");
        assertEquals(200, api.get(ARTICLES + "/" + liveId).status());
    }
}
