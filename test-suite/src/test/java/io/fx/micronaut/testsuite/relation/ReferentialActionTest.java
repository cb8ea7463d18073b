package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each {@code onDelete} action, enforced by a foreign key (Hub and its children: nobody soft-deletes)
 * and by the framework inside the delete's transaction (the soft-deleting Depot and its children).
 */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReferentialActionTest {

    @Inject
    Api api;
    @Inject
    Seed seed;

    private String hub() {
        return seed.create("hubs", Map.of("name", "h"));
    }

    private String depot() {
        return seed.create("depots", Map.of("name", "d"));
    }

    @Test
    void migrationCreatesForeignKeysOnlyWhereTheDatabaseCanEnforceThem() throws SQLException {
        Map<String, String> expected = Map.of("spokes", "CASCADE", "pins", "SET NULL", "anchors", "RESTRICT",
            "latches", "NO ACTION", "book_genres", "CASCADE");
        // H2 implements NO ACTION as RESTRICT and reports it so
        try (Connection connection = Databases.connect("ReferentialActionTest")) {
            DatabaseMetaData meta = connection.getMetaData();
            for (Map.Entry<String, String> table : expected.entrySet()) {
                Map<String, Integer> rules = foreignKeys(meta, table.getKey());
                assertTrue(!rules.isEmpty(), table.getKey());
                int rule = rules.values().iterator().next();
                assertEquals(table.getValue(), switch (rule) {
                    case DatabaseMetaData.importedKeyCascade -> "CASCADE";
                    case DatabaseMetaData.importedKeySetNull -> "SET NULL";
                    case DatabaseMetaData.importedKeyRestrict -> table.getKey().equals("latches") ? "NO ACTION" : "RESTRICT";
                    default -> "NO ACTION";
                }, table.getKey());
            }
            for (String table : List.of("crates", "pallets", "stickers", "seals", "books", "reviews")) {
                assertEquals(Map.of(), foreignKeys(meta, table), table + " has a soft-deleting side");
            }
        }
    }

    private static Map<String, Integer> foreignKeys(DatabaseMetaData meta, String table) throws SQLException {
        Map<String, Integer> rules = new HashMap<>();
        try (ResultSet rs = meta.getImportedKeys(null, null, table)) {
            while (rs.next()) {
                rules.put(rs.getString("FK_NAME"), rs.getInt("DELETE_RULE"));
            }
        }
        return rules;
    }

    @Test
    void foreignKeyCascadeDeletesTheChildren() {
        String hub = hub();
        String spoke = seed.create("spokes", Map.of("hub_id", hub));
        seed.delete("hubs", hub);
        assertEquals(404, api.get("/api/spokes/" + spoke).status());
    }

    @Test
    void foreignKeySetNullClearsTheKey() {
        String hub = hub();
        String pin = seed.create("pins", Map.of("hub_id", hub));
        seed.delete("hubs", hub);
        Api.Reply reply = api.get("/api/pins/" + pin);
        assertEquals(200, reply.status());
        assertNull(reply.data().get("hub_id"));
    }

    @Test
    void foreignKeyRestrictRefusesWhileChildrenExist() {
        String hub = hub();
        String anchor = seed.create("anchors", Map.of("hub_id", hub));
        Api.Reply refused = api.delete("/api/hubs/" + hub);
        assertConflict(refused, "anchors", "hub_id");
        assertEquals(200, api.get("/api/hubs/" + hub).status());
        seed.delete("anchors", anchor);
        seed.delete("hubs", hub);
    }

    @Test
    void foreignKeyNoActionLetsTheDatabaseRefuse() {
        String hub = hub();
        seed.create("latches", Map.of("hub_id", hub));
        Api.Reply refused = api.delete("/api/hubs/" + hub);
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("CONFLICT", refused.code());
        assertEquals(200, api.get("/api/hubs/" + hub).status());
    }

    @Test
    void frameworkCascadeSoftDeletesSoftDeletingChildrenAndDeletesTheOthers() {
        String depot = depot();
        String crate = seed.create("crates", Map.of("depot_id", depot));
        String item = seed.create("crate_items", Map.of("crate_id", crate));
        String pallet = seed.create("pallets", Map.of("depot_id", depot));
        String otherDepot = depot();
        String otherCrate = seed.create("crates", Map.of("depot_id", otherDepot));
        seed.delete("depots", depot);
        assertEquals(404, api.get("/api/crates/" + crate).status());
        Api.Reply softDeleted = api.get("/api/crates" + Api.query("filter", "is_deleted:eq:true"));
        assertEquals(List.of(crate), softDeleted.list().stream().map(r -> r.get("id")).toList());
        assertEquals(404, api.get("/api/crate_items/" + item).status(), "grandchildren follow their own rule");
        assertEquals(404, api.get("/api/pallets/" + pallet).status());
        assertEquals(200, api.get("/api/crates/" + otherCrate).status());
        assertTrue(api.get("/api/depots" + Api.query("filter", "deleted_at:not_null", "limit", "100"))
            .list().stream().anyMatch(r -> depot.equals(r.get("id"))), "the depot itself is soft-deleted");
    }

    @Test
    void frameworkSetNullClearsTheKey() {
        String depot = depot();
        String sticker = seed.create("stickers", Map.of("depot_id", depot));
        seed.delete("depots", depot);
        assertNull(api.get("/api/stickers/" + sticker).data().get("depot_id"));
    }

    @Test
    void frameworkRestrictRefusesAndRollsEverythingBack() {
        String depot = depot();
        String seal = seed.create("seals", Map.of("depot_id", depot));
        String pallet = seed.create("pallets", Map.of("depot_id", depot));
        Api.Reply refused = api.delete("/api/depots/" + depot);
        assertConflict(refused, "seals", "depot_id");
        assertEquals(200, api.get("/api/depots/" + depot).status());
        assertEquals(200, api.get("/api/pallets/" + pallet).status(), "the cascade ran in the refused transaction");
        seed.delete("seals", seal);
        seed.delete("depots", depot);
        assertEquals(404, api.get("/api/pallets/" + pallet).status());
    }

    @Test
    void deletingAMissingParentIsStillNotFound() {
        assertEquals(404, api.delete("/api/depots/00000000-0000-4000-8000-000000000000").status());
        assertEquals(404, api.delete("/api/hubs/00000000-0000-4000-8000-000000000000").status());
    }

    @SuppressWarnings("unchecked")
    private static void assertConflict(Api.Reply reply, String table, String column) {
        assertEquals(409, reply.status(), reply.toString());
        assertEquals("CONFLICT", reply.code());
        Map<String, Object> details = (Map<String, Object>) reply.error().get("details");
        assertEquals(table, details.get("table"));
        assertEquals(column, details.get("column"));
    }
}
