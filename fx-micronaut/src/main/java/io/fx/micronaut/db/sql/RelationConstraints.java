package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Names of the constraints and indices that relations add to the schema, and the columns that the
 * constraints of a table guard (to name the field of a conflict).
 */
final class RelationConstraints {

    private RelationConstraints() {
    }

    static String foreignKeyName(ModelDescriptor owner, RelationDescriptor relation) {
        return "fk_" + owner.getTable() + "_" + relation.foreignKey().name();
    }

    static String keyIndexName(ModelDescriptor owner, RelationDescriptor relation) {
        return "idx_" + owner.getTable() + "_" + relation.foreignKey().name();
    }

    /** @return the two junction columns of a many-to-many relation, in a stable order */
    static List<String> pairColumns(RelationDescriptor relation) {
        return Stream.of(relation.foreignKey().name(), relation.targetKey().name()).sorted().toList();
    }

    static String pairIndexName(RelationDescriptor relation) {
        return "uq_" + relation.through().getTable() + "_" + String.join("_", pairColumns(relation));
    }

    /**
     * @param model  a model
     * @param models every model
     * @return the relation constraints and multi-column unique indexes on the model's table, each with the
     *     column(s) it guards (comma-separated)
     */
    static Map<String, String> columnsByConstraint(ModelDescriptor model, Collection<ModelDescriptor> models) {
        Map<String, String> columns = new LinkedHashMap<>();
        for (RelationDescriptor relation : model.getRelations()) {
            if (relation.isDatabaseEnforced(model)) {
                columns.put(foreignKeyName(model, relation), relation.foreignKey().name());
            }
        }
        UniqueKeyMigrator.uniqueKeys(model, List.of()).forEach((name, guarded) -> {
            if (guarded.size() > 1) {
                columns.put(name, String.join(",", guarded));
            }
        });
        for (ModelDescriptor other : models) {
            for (RelationDescriptor relation : other.getRelations()) {
                if (relation.kind() == RelationKind.MANY_TO_MANY && relation.through() == model) {
                    columns.put(pairIndexName(relation), String.join(",", pairColumns(relation)));
                }
            }
        }
        return columns;
    }
}
