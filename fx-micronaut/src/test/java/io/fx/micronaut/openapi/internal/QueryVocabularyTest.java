package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.QueryLimits;
import io.fx.micronaut.query.internal.QueryParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The documented filter vocabulary is the parser's: for every field type and operator, the clause is
 * documented (operator list and clause pattern) exactly when the query parser accepts it.
 */
class QueryVocabularyTest {

    private static final Map<FieldType, String> SAMPLE = Map.of(
        FieldType.STRING, "a,b", FieldType.INTEGER, "1,2", FieldType.DECIMAL, "1.5,2.5", FieldType.BOOLEAN, "true,false",
        FieldType.TIMESTAMP, "2026-01-01T00:00:00Z,2026-02-01T00:00:00Z", FieldType.JSON_ARRAY, "x",
        FieldType.JSON_OBJECT, "k=v");

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void documentedOperatorsAreExactlyTheAcceptedOnes(FieldType type) {
        FieldDescriptor field = new FieldDescriptor("f", "f", type, Object.class, FieldRole.DATA, true, false, false,
            false, false, true, false, false, false, null, FieldConstraints.NONE);
        ModelDescriptor model = new ModelDescriptor("M", BaseModel.class, "ms", List.of(field), SoftDelete.NONE, null,
            List.of(), QueryLimits.DEFAULTS, List.of());
        Pattern clause = Pattern.compile(QueryVocabulary.filterClause(model).getPattern());
        List<FilterOperator> documented = QueryVocabulary.operators(field);
        for (FilterOperator op : FilterOperator.values()) {
            String text = "f:" + op.token() + (op.isNullary() ? "" : ":" + value(type, op));
            boolean accepted = accepts(model, text);
            assertEquals(accepted, documented.contains(op), type + " " + op + " listed");
            assertEquals(accepted, clause.matcher(text).find(), type + " " + op + " matches the pattern: " + text);
        }
    }

    private static String value(FieldType type, FilterOperator op) {
        String sample = SAMPLE.get(type);
        return op.isList() ? sample : sample.split(",")[0];
    }

    private static boolean accepts(ModelDescriptor model, String clause) {
        try {
            new QueryParser().parse(model, Map.of("filter", List.of(clause)));
            return true;
        } catch (FxException e) {
            return false;
        }
    }
}
