package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.ReferentialAction;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The four relation kinds as the public model API describes them, resolved once at startup. */
@MicronautTest(environments = "test")
@TestDatabase
class RelationDescriptorTest {

    @Inject
    ModelRegistry registry;

    private ModelDescriptor model(String name) {
        return registry.findByName(name).orElseThrow();
    }

    private RelationDescriptor relation(String model, String key) {
        return model(model).findRelation(key).orElseThrow(() -> new AssertionError(model + " has no " + key));
    }

    /** Asserts the kind, target model and key column of a relation. @return the relation */
    private RelationDescriptor assertRelation(String model, String key, RelationKind kind, String target,
                                              String foreignKey) {
        RelationDescriptor relation = relation(model, key);
        assertEquals(kind, relation.kind());
        assertSame(model(target), relation.target());
        assertEquals(foreignKey, relation.foreignKey().name());
        return relation;
    }

    @Test
    void belongsToByConvention() {
        RelationDescriptor writer = assertRelation("Book", "writer", RelationKind.BELONGS_TO, "Writer", "writer_id");
        assertEquals(ReferentialAction.CASCADE, writer.onDelete());
        assertFalse(writer.isDatabaseEnforced(model("Book")), "Book soft-deletes");
        assertTrue(relation("Spoke", "hub").isDatabaseEnforced(model("Spoke")));
        assertEquals(ReferentialAction.NO_ACTION, relation("Latch", "hub").onDelete());
    }

    @Test
    void belongsToExplicitWithCompanion() {
        RelationDescriptor book = assertRelation("Review", "book", RelationKind.BELONGS_TO, "Book", "book_ref");
        assertEquals("bookRef", book.property());
        assertEquals(ReferentialAction.CASCADE, book.onDelete());
    }

    @Test
    void hasManyUsesTheChildsKey() {
        assertNull(assertRelation("Book", "reviews", RelationKind.HAS_MANY, "Review", "book_ref").through());
    }

    @Test
    void manyToManyThroughTheJunctionOnBothSides() {
        RelationDescriptor genres = relation("Book", "genres");
        assertEquals(RelationKind.MANY_TO_MANY, genres.kind());
        assertSame(model("BookGenre"), genres.through());
        assertEquals("book_id", genres.foreignKey().name());
        assertEquals("genre_id", genres.targetKey().name());
        RelationDescriptor books = relation("Genre", "books");
        assertSame(model("Book"), books.target());
        assertEquals("genre_id", books.foreignKey().name());
        assertEquals("book_genres", model("BookGenre").getTable());
    }

    @Test
    void relationAndCompanionPropertiesAreNotColumns() {
        List<String> book = model("Book").getFields().stream().map(FieldDescriptor::name).toList();
        assertEquals(List.of("id", "created_at", "updated_at", "title", "writer_id", "deleted_at"), book);
        assertFalse(model("Review").findField("book").isPresent());
        assertFalse(model("Genre").findField("books").isPresent());
        assertEquals(List.of("writer", "reviews", "genres"),
            model("Book").getRelations().stream().map(RelationDescriptor::name).toList());
    }
}
