package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code onDelete} actions and the parent check of {@link ReferentialActions}, through the real
 * {@link SqlDataStore} on an in-memory H2 database (an application context without a server). Every
 * relation here has a soft-deleting side, so no foreign key exists and each effect is the framework's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReferentialActionsTest {

    private static final StorageContext SYSTEM = StorageContext.system();

    private ApplicationContext context;
    private DataStore store;
    private ModelRegistry registry;

    @BeforeAll
    void start() {
        context = ApplicationContext.run(Map.of(
            "spec.name", ReferentialModels.SPEC,
            "datasources.default.url", "jdbc:h2:mem:referential-actions;DB_CLOSE_DELAY=-1",
            "datasources.default.driver-class-name", "org.h2.Driver",
            "datasources.default.username", "sa",
            "datasources.default.password", ""));
        store = context.getBean(DataStore.class);
        registry = context.getBean(ModelRegistry.class);
    }

    @AfterAll
    void stop() {
        context.close();
    }

    @Test
    void cascadeSoftDeletesSoftDeletingChildrenAndDeletesTheChildrenOfThose() {
        String shelf = create("Shelf", Map.of("name", "s"));
        String binder = create("Binder", Map.of("shelf_id", shelf));
        String leaf = create("Leaf", Map.of("binder_id", binder));

        delete("Shelf", shelf);

        assertTrue(read("Binder", binder).isEmpty(), "the binder is gone for readers");
        assertNotNull(row("Binder", binder).get("deleted_at"), "and soft-deleted, not removed");
        assertNull(row("Leaf", leaf), "the hard-deleting grandchild is removed");
    }

    @Test
    void setNullClearsTheKeyOfEveryLiveChild() {
        String shelf = create("Shelf", Map.of("name", "s"));
        String first = create("Label", Map.of("shelf_id", shelf));
        String second = create("Label", Map.of("shelf_id", shelf));
        String elsewhere = create("Label", Map.of("shelf_id", create("Shelf", Map.of("name", "other"))));

        delete("Shelf", shelf);

        assertNull(read("Label", first).orElseThrow().get("shelf_id"));
        assertNull(read("Label", second).orElseThrow().get("shelf_id"));
        assertNotNull(read("Label", elsewhere).orElseThrow().get("shelf_id"), "another parent's child keeps its key");
    }

    @Test
    void restrictRefusesWhileALiveChildExistsAndNamesTheKey() {
        String shelf = create("Shelf", Map.of("name", "s"));
        String bracket = create("Bracket", Map.of("shelf_id", shelf));

        FxException refused = assertThrows(FxException.class, () -> delete("Shelf", shelf));

        assertEquals(409, refused.getStatus());
        assertEquals("CONFLICT", refused.getCode());
        Map<?, ?> details = (Map<?, ?>) refused.getDetails();
        assertEquals("brackets", details.get("table"));
        assertEquals("shelf_id", details.get("column"));
        assertTrue(read("Shelf", shelf).isPresent(), "the refused delete changed nothing");

        delete("Bracket", bracket);
        delete("Shelf", shelf);
        assertTrue(read("Shelf", shelf).isEmpty(), "without live children the parent goes");
    }

    @Test
    void aRefusalAnywhereInTheCascadeRollsBackWhatItAlreadyDid() {
        String shelf = create("Shelf", Map.of("name", "s"));
        String binder = create("Binder", Map.of("shelf_id", shelf));
        String label = create("Label", Map.of("shelf_id", shelf));
        create("Bracket", Map.of("shelf_id", shelf));

        assertThrows(FxException.class, () -> delete("Shelf", shelf));

        assertTrue(read("Binder", binder).isPresent());
        assertEquals(shelf, read("Label", label).orElseThrow().get("shelf_id"));
    }

    @Test
    void joinRowsGoWithEitherSideOfAManyToMany() {
        String binder = create("Binder", Map.of());
        String red = create("Tag", Map.of("name", "red"));
        String blue = create("Tag", Map.of("name", "blue"));
        String other = create("Binder", Map.of());
        create("BinderTag", Map.of("binder_id", binder, "tag_id", red));
        create("BinderTag", Map.of("binder_id", binder, "tag_id", blue));
        create("BinderTag", Map.of("binder_id", other, "tag_id", blue));

        delete("Tag", red);
        assertEquals(Set.of(binder + ":" + blue, other + ":" + blue), joinRows());

        delete("Binder", binder);
        assertEquals(Set.of(other + ":" + blue), joinRows(), "a soft-deleted binder's join rows are removed");
        assertTrue(read("Tag", blue).isPresent(), "the other side stays");
    }

    @Test
    void aWrittenKeyMustNameALiveParent() {
        String gone = create("Shelf", Map.of("name", "gone"));
        delete("Shelf", gone);
        for (String key : List.of(UUID.randomUUID().toString(), gone, "not-a-uuid")) {
            FxException refused = assertThrows(FxException.class, () -> create("Label", Map.of("shelf_id", key)), key);
            assertEquals("CONFLICT", refused.getCode(), key);
            assertEquals("shelf_id", ((Map<?, ?>) refused.getDetails()).get("column"), key);
        }
        String live = create("Shelf", Map.of("name", "live"));
        String label = create("Label", Map.of());
        FxException refused = assertThrows(FxException.class,
            () -> store.update(SYSTEM, model("Label"), label, Map.of("shelf_id", gone)));
        assertEquals("CONFLICT", refused.getCode(), "an update is checked as a create is");
        store.update(SYSTEM, model("Label"), label, Map.of("shelf_id", live));
        assertEquals(live, read("Label", label).orElseThrow().get("shelf_id"));
    }

    @Test
    void aParentsIdIsTakenInAnyCaseAndTheKeyStoredInLowerCase() {
        String shelf = create("Shelf", Map.of("name", "s"));
        String label = create("Label", Map.of("shelf_id", shelf.toUpperCase(Locale.ROOT)));
        assertEquals(shelf, read("Label", label).orElseThrow().get("shelf_id"));
        assertEquals(shelf, row("Label", label).get("shelf_id"), "stored in lower case");
        String other = create("Shelf", Map.of("name", "other"));
        store.update(SYSTEM, model("Label"), label.toUpperCase(Locale.ROOT), Map.of("shelf_id", other.toUpperCase(Locale.ROOT)));
        assertEquals(other, row("Label", label).get("shelf_id"));

        delete("Shelf", other.toUpperCase(Locale.ROOT));
        assertNull(read("Label", label).orElseThrow().get("shelf_id"), "the action found the child by its stored key");
    }

    @Test
    void aChildAListenerCoversIsDeletedRowByRowAndReportedAsACascade() {
        ReferentialModels.StickerListener listener = context.getBean(ReferentialModels.StickerListener.class);
        String shelf = create("Shelf", Map.of("name", "s"));
        String first = create("Sticker", Map.of("shelf_id", shelf));
        String second = create("Sticker", Map.of("shelf_id", shelf));
        listener.changes.clear();

        delete("Shelf", shelf);

        assertEquals(Set.of(first, second), listener.changes.stream().map(RecordChange::getId).collect(Collectors.toSet()));
        for (RecordChange change : listener.changes) {
            assertEquals(WriteOperation.DELETE, change.getOperation());
            assertTrue(change.isCascade(), "reported as part of the parent's delete");
        }
        assertNull(row("Sticker", first));
    }

    private ModelDescriptor model(String name) {
        return registry.findByName(name).orElseThrow();
    }

    private String create(String model, Map<String, Object> values) {
        return (String) store.create(SYSTEM, model(model), new HashMap<>(values)).get("id");
    }

    private void delete(String model, String id) {
        assertTrue(store.delete(SYSTEM, model(model), id).isPresent(), model + " " + id + " was deleted");
    }

    private Optional<Map<String, Object>> read(String model, String id) {
        return store.read(SYSTEM, model(model), id, List.of());
    }

    /** The raw row, soft-deleted or not; null when there is none. */
    private Map<String, Object> row(String model, String id) {
        List<Map<String, Object>> rows = store.query("SELECT * FROM \"" + model(model).getTable() + "\" WHERE \"id\" = ?",
            List.of(id));
        return rows.isEmpty() ? null : rows.get(0);
    }

    private Set<String> joinRows() {
        return store.query("SELECT \"binder_id\", \"tag_id\" FROM \"" + model("BinderTag").getTable() + "\"", List.of()).stream()
            .map(r -> r.get("binder_id") + ":" + r.get("tag_id")).collect(Collectors.toSet());
    }
}
