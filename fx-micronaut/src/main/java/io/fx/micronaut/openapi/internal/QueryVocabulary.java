package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.query.FilterOperator;
import io.micronaut.core.annotation.Internal;
import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the list query language accepts on a model, the way {@code QueryParser} decides it: which fields
 * take which filter operators, which fields sort, which relation keys include.
 */
@Internal
public final class QueryVocabulary {

    /** The extension on a filter clause schema mapping each filterable field to its operators. */
    public static final String OPERATORS_EXTENSION = "x-fx-operators";

    private QueryVocabulary() {
    }

    /**
     * The keys {@code include} accepts on a model, as the query parser checks them: each relation key,
     * and {@code relation.nested} for every relation of the related model (one level deep).
     *
     * @param model the model
     * @return the keys, each relation followed by its nested keys
     */
    public static List<String> relationKeys(ModelDescriptor model) {
        List<String> keys = new ArrayList<>();
        for (RelationDescriptor relation : model.getRelations()) {
            keys.add(relation.name());
            for (RelationDescriptor nested : relation.target().getRelations()) {
                keys.add(relation.name() + "." + nested.name());
            }
        }
        return keys;
    }

    /**
     * The fields a filter clause may name on a model, with their operators, as the query parser
     * accepts them: the model's own filterable fields, then {@code relation.field} for the filterable
     * fields of each related model (its soft-delete marker excepted).
     *
     * @param model the model
     * @return each filterable name with its operators, in declaration order
     */
    public static Map<String, List<FilterOperator>> filterableFields(ModelDescriptor model) {
        return filterableFields(model, f -> true);
    }

    /**
     * @param model             the model
     * @param storageFilterable whether the storage of a field can be filtered (a field codec may forbid it)
     * @return each filterable name with its operators, in declaration order
     */
    public static Map<String, List<FilterOperator>> filterableFields(ModelDescriptor model,
                                                                     Predicate<FieldDescriptor> storageFilterable) {
        Map<String, List<FilterOperator>> byName = new LinkedHashMap<>();
        for (FieldDescriptor field : model.getFields()) {
            List<FilterOperator> ops = storageFilterable.test(field) ? operators(field) : List.of();
            if (!ops.isEmpty()) {
                byName.put(field.name(), ops);
            }
        }
        for (RelationDescriptor relation : model.getRelations()) {
            for (FieldDescriptor field : relation.target().getFields()) {
                List<FilterOperator> ops = storageFilterable.test(field) ? operators(field) : List.of();
                if (!ops.isEmpty() && field.role() != FieldRole.SOFT_DELETE_MARKER) {
                    byName.put(relation.name() + "." + field.name(), ops);
                }
            }
        }
        return byName;
    }

    /**
     * @param field a field
     * @return the operators the parser accepts on it, empty when it is not filterable
     */
    public static List<FilterOperator> operators(FieldDescriptor field) {
        if (!field.filterable() || field.hidden()) {
            return List.of();
        }
        FieldType type = field.type();
        return Arrays.stream(FilterOperator.values()).filter(op -> {
            boolean membership = op == FilterOperator.HAS || op == FilterOperator.NOT_HAS;
            if (type.isJson()) {
                return membership || op.isNullary();
            }
            if (membership || (op.isTextMatch() && type != FieldType.STRING)) {
                return false;
            }
            return !(op.isOrdering() && type == FieldType.BOOLEAN);
        }).toList();
    }

    /**
     * @param model the model
     * @return one {@code field:operator:value} clause, restricted by a pattern to the filterable fields
     * and their operators, which {@link #OPERATORS_EXTENSION} also lists
     */
    static Schema<Object> filterClause(ModelDescriptor model) {
        return filterClause(model, f -> true);
    }

    static Schema<Object> filterClause(ModelDescriptor model, Predicate<FieldDescriptor> storageFilterable) {
        Map<String, List<String>> byField = new LinkedHashMap<>();
        List<String> alternatives = new ArrayList<>();
        for (Map.Entry<String, List<FilterOperator>> field : filterableFields(model, storageFilterable).entrySet()) {
            List<FilterOperator> ops = field.getValue();
            byField.put(field.getKey(), ops.stream().map(FilterOperator::token).toList());
            List<String> valued = ops.stream().filter(op -> !op.isNullary()).map(FilterOperator::token).toList();
            // snake_case names (letters, digits, underscores), a nested one with one dot
            String name = field.getKey().replace(".", "\\.");
            alternatives.add(name + ":(?:" + String.join("|", valued) + "):.+");
            alternatives.add(name + ":(?:is_null|not_null):?");
        }
        Schema<Object> schema = Schemas.typed("string");
        if (byField.isEmpty()) {
            schema.setMaxLength(0);
            schema.setDescription("No field of " + model.getName() + " is filterable: every clause is refused");
        } else {
            schema.setPattern("^(?:" + String.join("|", alternatives) + ")$");
            schema.setDescription(describeFilters(byField));
        }
        schema.addExtension(OPERATORS_EXTENSION, byField);
        return schema;
    }

    /**
     * @param model the model
     * @return one {@code field}, {@code field:asc} or {@code field:desc} key over the sortable fields
     */
    static Schema<Object> sortKey(ModelDescriptor model) {
        return sortKey(model, f -> true);
    }

    static Schema<Object> sortKey(ModelDescriptor model, Predicate<FieldDescriptor> storageSortable) {
        List<String> keys = new ArrayList<>();
        for (FieldDescriptor field : model.getFields()) {
            if (field.sortable() && !field.hidden() && storageSortable.test(field)) {
                keys.add(field.name());
                keys.add(field.name() + ":asc");
                keys.add(field.name() + ":desc");
            }
        }
        if (keys.isEmpty()) {
            Schema<Object> none = Schemas.typed("string");
            none.setMaxLength(0);
            none.setDescription("No field of " + model.getName() + " is sortable: every key is refused");
            return none;
        }
        Schema<Object> schema = Schemas.stringEnum(keys);
        schema.setDescription("A sortable field, ascending unless :desc");
        return schema;
    }

    /**
     * @param model the model
     * @return one relation key
     */
    static Schema<Object> includeKey(ModelDescriptor model) {
        List<String> keys = relationKeys(model);
        if (keys.isEmpty()) {
            Schema<Object> none = Schemas.typed("string");
            none.setMaxLength(0);
            none.setDescription(model.getName() + " has no relations: every key is refused");
            return none;
        }
        Schema<Object> schema = Schemas.stringEnum(keys);
        schema.setDescription("A relation of " + model.getName() + " to embed");
        return schema;
    }

    private static String describeFilters(Map<String, List<String>> byField) {
        StringBuilder text = new StringBuilder("`field:operator:value`; `is_null` and `not_null` take no value, "
            + "`in` and `not_in` a comma-separated list, `between` `low,high`. `relation.field` filters on a "
            + "field of the related model (relation keys as in include). Fields and operators:");
        byField.forEach((field, ops) -> text.append("\n- `").append(field).append("`: ").append(String.join(", ", ops)));
        return text.toString();
    }
}
