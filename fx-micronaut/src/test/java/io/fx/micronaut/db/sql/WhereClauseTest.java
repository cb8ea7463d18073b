package io.fx.micronaut.db.sql;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.QueryParser;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The WHERE rendering on its own: live rows, bare and OR-grouped clauses, escaping, parameter order. */
class WhereClauseTest {

    private static final FieldDescriptor MARKER = FieldDescriptor.builder("deleted_at", FieldType.TIMESTAMP, Instant.class)
        .role(FieldRole.SOFT_DELETE_MARKER).readonly(true).filterable(true).build();
    private static final ModelDescriptor POSTS = ModelDescriptor.builder("Post", BaseModel.class, "posts").fields(List.of(
        FieldDescriptor.builder("id", FieldType.STRING, String.class).role(FieldRole.ID).readonly(true).build(),
        FieldDescriptor.builder("title", FieldType.STRING, String.class).filterable(true).build(),
        FieldDescriptor.builder("views", FieldType.INTEGER, Long.class).filterable(true).sortable(true).build(),
        MARKER)).softDelete(SoftDelete.TIMESTAMP, MARKER).build();

    private final H2Dialect dialect = new H2Dialect();
    private final ModelStatements statements = new ModelStatements(POSTS, dialect, List.of());

    private WhereClause render(String... namesAndValues) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            parameters.computeIfAbsent(namesAndValues[i], k -> new java.util.ArrayList<>()).add(namesAndValues[i + 1]);
        }
        ListQuery query = new QueryParser().parse(POSTS, parameters);
        CallScopes scopes = CallScopes.of(new StorageExtensions(List.of(), List.of()), StorageContext.system(), dialect,
            Object::toString);
        return WhereClause.of(statements, query, dialect, Object::toString, scopes);
    }

    @Test
    void onlyLiveRowsByDefault() {
        WhereClause where = render();
        assertEquals(" WHERE \"deleted_at\" IS NULL", where.sql);
        assertEquals(List.of(), where.parameters);
    }

    @Test
    void filteringOnTheMarkerLiftsTheLiveCondition() {
        WhereClause where = render("filter", "deleted_at:not_null");
        assertEquals(" WHERE \"deleted_at\" IS NOT NULL", where.sql);
    }

    @Test
    void groupsAreOredAndParametersFollowTheTermsWhateverTheRequestOrder() {
        WhereClause where = render("filter[1]", "title:eq:b", "filter", "views:gt:5", "filter[1]", "views:lt:2",
            "filter[0]", "title:eq:a");
        assertEquals(" WHERE \"deleted_at\" IS NULL AND \"views\" > ? AND \"title\" = ?"
            + " AND (\"title\" = ? OR \"views\" < ?)", where.sql);
        assertEquals(List.of(5L, "a", "b", 2L), where.parameters);
    }

    @Test
    void containsEscapesTheClientsWildcards() {
        WhereClause where = render("filter", "title:contains:50%_off\\");
        assertEquals(" WHERE \"deleted_at\" IS NULL AND \"title\" ILIKE ? ESCAPE '\\'", where.sql);
        assertEquals(List.of("%50\\%\\_off\\\\%"), where.parameters);
    }

    @Test
    void inListsBindOneParameterPerValue() {
        WhereClause where = render("filter", "views:in:1,2,3");
        assertEquals(List.of(1L, 2L, 3L), where.parameters);
    }
}
