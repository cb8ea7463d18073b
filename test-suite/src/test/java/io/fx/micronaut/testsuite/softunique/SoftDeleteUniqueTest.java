package io.fx.micronaut.testsuite.softunique;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 14 item 11: the unique constraints of a soft-delete model hold among live rows only, on H2
 * (a unique index over a generated live column) and PostgreSQL (a partial unique index). A deleted
 * row's value can be taken again; a live duplicate is still 409 {@code CONFLICT} naming the field.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@Property(name = "spec.name", value = "SoftDeleteUniqueTest")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SoftDeleteUniqueTest {

    private static final String HANDLES = "/api/handles";
    private static final String VOUCHERS = "/api/vouchers";

    @Inject
    Api api;

    private void delete(String path, String id) {
        assertEquals(204, api.delete(path + "/" + id).status());
    }

    @SuppressWarnings("unchecked")
    private static void assertConflict(Api.Reply reply, String table, String column, String deletedId) {
        assertEquals(409, reply.status(), reply.toString());
        assertEquals("CONFLICT", reply.code(), reply.toString());
        assertNotNull(reply.header("X-Request-Id"));
        Map<String, Object> details = assertInstanceOf(Map.class, reply.error().get("details"), reply.toString());
        assertEquals(table, details.get("table"), reply.toString());
        assertEquals(column, details.get("column"), reply.toString());
        if (deletedId != null) {
            assertFalse(reply.text().contains(deletedId), "the deleted record stays hidden: " + reply);
        }
    }

    @Test
    void aSoftDeletedRowsUniqueValueCanBeTakenAgain() {
        String first = api.create(HANDLES, Map.of("slug", "reused"));
        delete(HANDLES, first);
        String second = api.create(HANDLES, Map.of("slug", "reused"));
        delete(HANDLES, second);
        api.create(HANDLES, Map.of("slug", "reused"));
        assertEquals(1, api.get(HANDLES + Api.query("filter", "slug:eq:reused")).list().size());
        assertEquals(2, api.get(HANDLES + Api.query("filter", "slug:eq:reused", "filter", "deleted_at:not_null"))
            .list().size(), "both deleted rows are kept");
    }

    @Test
    void twoLiveDuplicatesAreAConflictNamingTheField() {
        String deleted = api.create(HANDLES, Map.of("slug", "twice"));
        delete(HANDLES, deleted);
        api.create(HANDLES, Map.of("slug", "twice"));
        assertConflict(api.post(HANDLES, Map.of("slug", "twice")), "handles", "slug", deleted);
        String other = api.create(HANDLES, Map.of("slug", "elsewhere"));
        assertConflict(api.patch(HANDLES + "/" + other, Map.of("slug", "twice")), "handles", "slug", deleted);
    }

    @Test
    void aCompositeUniqueIndexHoldsAmongLiveRowsOnly() {
        String first = api.create(HANDLES, Map.of("site", "north", "code", "c1"));
        api.create(HANDLES, Map.of("site", "north", "code", "c2"));
        api.create(HANDLES, Map.of("site", "south", "code", "c1"));
        assertConflict(api.post(HANDLES, Map.of("site", "north", "code", "c1")), "handles", "site,code", null);
        delete(HANDLES, first);
        api.create(HANDLES, Map.of("site", "north", "code", "c1"));
    }

    @Test
    void aFlagMarkerHoldsAmongLiveRowsOnlyToo() {
        String first = api.create(VOUCHERS, Map.of("code", "SAVE10"));
        assertConflict(api.post(VOUCHERS, Map.of("code", "SAVE10")), "vouchers", "code", null);
        delete(VOUCHERS, first);
        api.create(VOUCHERS, Map.of("code", "SAVE10"));
        assertConflict(api.post(VOUCHERS, Map.of("code", "SAVE10")), "vouchers", "code", first);
    }

    @Test
    void aSoftDeletingJunctionsKeyPairHoldsAmongLiveLinksOnly() {
        String handle = api.create(HANDLES, Map.of("slug", "linked"));
        String label = api.create("/api/labels", Map.of("name", "l1"));
        String link = api.create("/api/handle_labels", Map.of("handle_id", handle, "label_id", label));
        assertConflict(api.post("/api/handle_labels", Map.of("handle_id", handle, "label_id", label)), "handle_labels",
            "handle_id,label_id", link);
        delete("/api/handle_labels", link);
        api.create("/api/handle_labels", Map.of("handle_id", handle, "label_id", label));
        assertEquals(1, ((java.util.List<?>) api.get(HANDLES + "/" + handle + "?include=labels").data().get("labels"))
            .size());
    }

    /**
     * The API has no restore (a soft-deleted row is not found by update), so the restore is the one an
     * operator would run: clearing the marker of a row whose value a live row now holds fails in the
     * database itself with a unique violation.
     */
    @Test
    void restoringARowWhoseValueIsTakenIsRefusedByTheDatabase() throws SQLException {
        String old = api.create(HANDLES, Map.of("slug", "restored"));
        delete(HANDLES, old);
        api.create(HANDLES, Map.of("slug", "restored"));
        assertEquals(404, api.patch(HANDLES + "/" + old, Map.of("slug", "restored-2")).status(),
            "a soft-deleted row cannot be updated (or restored) through the API");
        try (Connection connection = Databases.connect("SoftDeleteUniqueTest");
             PreparedStatement restore = connection.prepareStatement(
                 "UPDATE \"handles\" SET \"deleted_at\" = NULL WHERE \"id\" = " + (Databases.isPostgres() ? "CAST(? AS uuid)" : "?"))) {
            restore.setString(1, old);
            SQLException refused = assertThrows(SQLException.class, restore::executeUpdate);
            assertEquals("23505", refused.getSQLState(), refused.getMessage());
        }
        String free = api.create(HANDLES, Map.of("slug", "free-again"));
        delete(HANDLES, free);
        try (Connection connection = Databases.connect("SoftDeleteUniqueTest");
             PreparedStatement restore = connection.prepareStatement(
                 "UPDATE \"handles\" SET \"deleted_at\" = NULL WHERE \"id\" = " + (Databases.isPostgres() ? "CAST(? AS uuid)" : "?"))) {
            restore.setString(1, free);
            assertEquals(1, restore.executeUpdate(), "a row whose value is free can be restored");
        }
        assertEquals(200, api.get(HANDLES + "/" + free).status());
    }
}
