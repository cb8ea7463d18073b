package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ReferentialAction;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.config.QueryLimits;
import io.fx.micronaut.query.QueryParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The documented filter vocabulary is the parser's: for every field type and operator, the clause is
 * documented (operator list and clause pattern) exactly when the query parser accepts it, on the model's
 * own fields and as a nested {@code relation.field} filter; and the documented include keys are exactly
 * the accepted ones.
 */
class QueryVocabularyTest {

    private static final Map<FieldType, String> SAMPLE = Map.of(
        FieldType.STRING, "a,b", FieldType.INTEGER, "1,2", FieldType.DECIMAL, "1.5,2.5", FieldType.BOOLEAN, "true,false",
        FieldType.TIMESTAMP, "2026-01-01T00:00:00Z,2026-02-01T00:00:00Z", FieldType.JSON_ARRAY, "x",
        FieldType.JSON_OBJECT, "k=v");

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void documentedOperatorsAreExactlyTheAcceptedOnes(FieldType type) {
        FieldDescriptor field = field("f", type, FieldRole.DATA, true);
        ModelDescriptor model = model("M", "ms", List.of(field));
        Pattern clause = Pattern.compile(QueryVocabulary.filterClause(model).getPattern());
        List<FilterOperator> documented = QueryVocabulary.operators(field);
        for (FilterOperator op : FilterOperator.values()) {
            String text = "f:" + op.token() + (op.isNullary() ? "" : ":" + value(type, op));
            boolean accepted = accepts(model, text);
            assertEquals(accepted, documented.contains(op), type + " " + op + " listed");
            assertEquals(accepted, clause.matcher(text).find(), type + " " + op + " matches the pattern: " + text);
        }
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void documentedNestedFiltersAreExactlyTheAcceptedOnes(FieldType type) {
        ModelDescriptor parent = model("P", "ps", List.of(field("f", type, FieldRole.DATA, true),
            field("deleted_at", FieldType.TIMESTAMP, FieldRole.SOFT_DELETE_MARKER, true),
            field("quiet", type, FieldRole.DATA, false)));
        FieldDescriptor key = field("p_id", FieldType.STRING, FieldRole.DATA, false);
        ModelDescriptor child = model("C", "cs", List.of(key));
        child.linkRelations(List.of(new RelationDescriptor("p", RelationKind.BELONGS_TO, "pId", parent, key, null,
            null, ReferentialAction.CASCADE)));
        Pattern clause = Pattern.compile(QueryVocabulary.filterClause(child).getPattern());
        Map<String, List<FilterOperator>> documented = QueryVocabulary.filterableFields(child);
        for (String name : List.of("f", "deleted_at", "quiet")) {
            FieldType fieldType = parent.findField(name).orElseThrow().type();
            for (FilterOperator op : FilterOperator.values()) {
                String text = "p." + name + ":" + op.token() + (op.isNullary() ? "" : ":" + value(fieldType, op));
                boolean accepted = accepts(child, text);
                assertEquals(accepted, documented.getOrDefault("p." + name, List.of()).contains(op), text + " listed");
                assertEquals(accepted, clause.matcher(text).find(), text + " matches the pattern");
            }
        }
        assertTrue(documented.containsKey("p.f"), "the related model's filterable field is documented");
        assertFalse(clause.matcher("pXf:eq:" + value(type, FilterOperator.EQ)).find(), "the dot is literal");
    }

    @Test
    void documentedIncludeKeysAreExactlyTheAcceptedOnes() {
        FieldDescriptor key = field("p_id", FieldType.STRING, FieldRole.DATA, false);
        FieldDescriptor parentKey = field("g_id", FieldType.STRING, FieldRole.DATA, false);
        ModelDescriptor grand = model("G", "gs", List.of());
        ModelDescriptor parent = model("P", "ps", List.of(parentKey));
        ModelDescriptor child = model("C", "cs", List.of(key));
        parent.linkRelations(List.of(new RelationDescriptor("g", RelationKind.BELONGS_TO, "gId", grand, parentKey,
            null, null, ReferentialAction.CASCADE)));
        child.linkRelations(List.of(new RelationDescriptor("p", RelationKind.BELONGS_TO, "pId", parent, key, null,
            null, ReferentialAction.CASCADE)));
        grand.linkRelations(List.of(new RelationDescriptor("ps", RelationKind.HAS_MANY, "ps", parent, parentKey, null,
            null, ReferentialAction.NO_ACTION)));
        List<String> documented = QueryVocabulary.relationKeys(child);
        assertEquals(List.of("p", "p.g"), documented);
        for (String include : List.of("p", "p.g", "p.g.ps", "g", "p.x", "x")) {
            assertEquals(accepts(child, Map.of("include", List.of(include))), documented.contains(include), include);
        }
        assertEquals(List.of("g", "g.ps"), QueryVocabulary.relationKeys(parent));
        assertEquals(0, QueryVocabulary.includeKey(model("N", "ns", List.of())).getMaxLength(), "no key is accepted");
    }

    private static FieldDescriptor field(String name, FieldType type, FieldRole role, boolean filterable) {
        return FieldDescriptor.builder(name, type, Object.class).property(name).role(role).filterable(filterable).build();
    }

    private static ModelDescriptor model(String name, String table, List<FieldDescriptor> fields) {
        return ModelDescriptor.builder(name, BaseModel.class, table).fields(fields).build();
    }

    private static String value(FieldType type, FilterOperator op) {
        String sample = SAMPLE.get(type);
        return op.isList() ? sample : sample.split(",")[0];
    }

    private static boolean accepts(ModelDescriptor model, String clause) {
        return accepts(model, Map.of("filter", List.of(clause)));
    }

    private static boolean accepts(ModelDescriptor model, Map<String, List<String>> parameters) {
        try {
            new QueryParser().parse(model, parameters);
            return true;
        } catch (FxException e) {
            return false;
        }
    }
}
