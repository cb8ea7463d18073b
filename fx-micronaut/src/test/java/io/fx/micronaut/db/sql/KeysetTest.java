package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.QueryParser;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The keyset order and its continuation condition as SQL, and the cursors that carry a position: row values where
 * an index range serves them, the null-aware expansion elsewhere, and every way a cursor is refused.
 */
class KeysetTest {

    private static final ModelDescriptor POSTS = ModelDescriptor.builder("Post", BaseModel.class, "posts").fields(List.of(
        FieldDescriptor.builder("id", FieldType.STRING, String.class).role(FieldRole.ID).readonly(true).build(),
        FieldDescriptor.builder("created_at", FieldType.TIMESTAMP, Instant.class).role(FieldRole.CREATED_AT)
            .readonly(true).sortable(true).build(),
        FieldDescriptor.builder("title", FieldType.STRING, String.class).filterable(true).sortable(true).build(),
        FieldDescriptor.builder("views", FieldType.INTEGER, Long.class).filterable(true).sortable(true).build()))
        .build();
    private static final Instant AT = Instant.parse("2026-11-29T10:00:00.123456Z");

    private static ListQuery query(String... namesAndValues) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            parameters.computeIfAbsent(namesAndValues[i], k -> new ArrayList<>()).add(namesAndValues[i + 1]);
        }
        return new QueryParser().parse(POSTS, parameters);
    }

    @Test
    void theDefaultOrderIsCreationThenIdAndContinuesAsOneRowValueRange() {
        Keyset keyset = Keyset.of(POSTS, query(), new PostgresDialect());
        assertEquals(" ORDER BY \"created_at\" ASC, \"id\" ASC", keyset.orderBy(new PostgresDialect()));
        List<Object> parameters = new ArrayList<>();
        assertEquals("(\"created_at\", \"id\") > (?, ?)", keyset.after(new PostgresDialect(), List.of(AT, "a"), parameters));
        assertEquals(List.of(AT, new Keyset.Id("a")), parameters);
        Keyset descending = Keyset.of(POSTS, query("sort", "created_at:desc"), new PostgresDialect());
        assertEquals(" ORDER BY \"created_at\" DESC, \"id\" DESC", descending.orderBy(new PostgresDialect()));
        assertEquals("(\"created_at\", \"id\") < (?, ?)", descending.after(new PostgresDialect(), List.of(AT, "a"),
            new ArrayList<>()));
    }

    @Test
    void aNullableKeyPlacesNullsAsTheDatabaseDoesAndTheConditionAgrees() {
        Keyset postgres = Keyset.of(POSTS, query("sort", "views"), new PostgresDialect());
        assertEquals(" ORDER BY \"views\" ASC NULLS LAST, \"id\" ASC", postgres.orderBy(new PostgresDialect()));
        List<Object> parameters = new ArrayList<>();
        assertEquals("(((\"views\" > ? OR \"views\" IS NULL)) OR (\"views\" = ? AND \"id\" > ?))",
            postgres.after(new PostgresDialect(), List.of(7L, "a"), parameters));
        assertEquals(List.of(7L, 7L, new Keyset.Id("a")), parameters);
        assertEquals("((\"views\" IS NULL AND \"id\" > ?))", postgres.after(new PostgresDialect(),
            java.util.Arrays.asList(null, "a"), new ArrayList<>()), "nothing follows a null but other nulls");
        Keyset h2 = Keyset.of(POSTS, query("sort", "views"), new H2Dialect());
        assertEquals(" ORDER BY \"views\" ASC NULLS FIRST, \"id\" ASC", h2.orderBy(new H2Dialect()));
        assertEquals("((\"views\" IS NOT NULL) OR (\"views\" IS NULL AND \"id\" > ?))", h2.after(new H2Dialect(),
            java.util.Arrays.asList(null, "a"), new ArrayList<>()), "on H2 the values follow the nulls");
    }

    @Test
    void mixedDirectionsExpandKeyByKey() {
        Keyset keyset = Keyset.of(POSTS, query("sort", "created_at:desc,views"), new PostgresDialect());
        assertEquals(" ORDER BY \"created_at\" DESC, \"views\" ASC NULLS LAST, \"id\" ASC",
            keyset.orderBy(new PostgresDialect()));
        List<Object> parameters = new ArrayList<>();
        assertEquals("((\"created_at\" < ?) OR (\"created_at\" = ? AND (\"views\" > ? OR \"views\" IS NULL))"
                + " OR (\"created_at\" = ? AND \"views\" = ? AND \"id\" > ?))",
            keyset.after(new PostgresDialect(), List.of(AT, 3L, "a"), parameters));
        assertEquals(List.of(AT, AT, 3L, AT, 3L, new Keyset.Id("a")), parameters);
    }

    @Test
    void aCursorCarriesTheLastRowsKeysAndOnlyToTheListItWasMadeFor() {
        ListCursors cursors = new ListCursors("a-test-key-that-is-long-enough-0123456789");
        ListQuery first = query("sort", "views:desc", "filter", "title:eq:x");
        Keyset keyset = Keyset.of(POSTS, first, new H2Dialect());
        String cursor = cursors.encode(POSTS, first, keyset, Map.of("views", 5L, "id", "abc", "title", "x"));
        ListQuery next = query("sort", "views:desc", "filter", "title:eq:x", "cursor", cursor, "limit", "3");
        assertEquals(List.of(5L, "abc"), cursors.decode(POSTS, next, keyset));
        assertRefused(cursors, query("sort", "views", "filter", "title:eq:x", "cursor", cursor), "another list");
        assertRefused(cursors, query("sort", "views:desc", "filter", "title:eq:y", "cursor", cursor), "another list");
        assertRefused(new ListCursors("another-key-that-is-long-enough-0123456789"), next, "another server key");
        byte[] bytes = Base64.getUrlDecoder().decode(cursor);
        bytes[3] ^= 0x40;
        assertRefused(cursors, query("sort", "views:desc", "filter", "title:eq:x", "cursor",
            Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)), "altered");
        assertRefused(cursors, query("sort", "views:desc", "filter", "title:eq:x", "cursor", "%%%"), "malformed");
        assertRefused(cursors, query("sort", "views:desc", "filter", "title:eq:x", "cursor", "AAAA"), "malformed");
    }

    @Test
    void aConfiguredKeyShorterThan32CharactersFailsStartup() {
        FxConfigurationException failure = assertThrows(FxConfigurationException.class, () -> new ListCursors("short"));
        assertTrue(failure.getMessage().contains("fx.list.cursor-key"), failure.getMessage());
    }

    private static void assertRefused(ListCursors cursors, ListQuery query, String reason) {
        FxException refused = assertThrows(FxException.class,
            () -> cursors.decode(POSTS, query, Keyset.of(POSTS, query, new H2Dialect())));
        assertEquals("INVALID_CURSOR", refused.getCode());
        assertTrue(refused.getMessage().contains(reason), refused.getMessage());
    }
}
