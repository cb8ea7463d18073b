package io.fx.micronaut.model;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.pipeline.StepMiddleware;
import io.fx.micronaut.query.QueryLimits;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable description of a registered model, built once at startup from its bean
 * introspection and configuration. Everything a request needs about the model's shape is here.
 *
 * @since 0.1.0
 */
public final class ModelDescriptor {

    private final String name;
    private final Class<? extends BaseModel> type;
    private final String table;
    private final List<FieldDescriptor> fields;
    private final Map<String, FieldDescriptor> fieldsByName;
    private final List<FieldDescriptor> readableFields;
    private final SoftDelete softDelete;
    private final FieldDescriptor softDeleteField;
    private final List<IndexDescriptor> indices;
    private final QueryLimits limits;
    private final List<StepMiddleware> middleware;
    private volatile List<RelationDescriptor> relations = List.of();
    private volatile Map<String, RelationDescriptor> relationsByName = Map.of();

    /**
     * @param name            the model name (the class simple name)
     * @param type            the model class
     * @param table           the table name, which is also the collection path segment
     * @param fields          every field, base fields first
     * @param softDelete      the soft-delete mode
     * @param softDeleteField the marker field, or null when {@code softDelete} is NONE
     * @param indices         secondary indices
     * @param limits          the resolved query limits
     * @param middleware      per-model middleware
     */
    public ModelDescriptor(@NonNull String name, @NonNull Class<? extends BaseModel> type, @NonNull String table,
                           @NonNull List<FieldDescriptor> fields, @NonNull SoftDelete softDelete,
                           FieldDescriptor softDeleteField, @NonNull List<IndexDescriptor> indices,
                           @NonNull QueryLimits limits, @NonNull List<StepMiddleware> middleware) {
        this.name = name;
        this.type = type;
        this.table = table;
        this.fields = List.copyOf(fields);
        Map<String, FieldDescriptor> byName = new LinkedHashMap<>();
        for (FieldDescriptor f : fields) {
            byName.put(f.name(), f);
        }
        this.fieldsByName = Map.copyOf(byName);
        this.readableFields = fields.stream().filter(FieldDescriptor::isReadable).toList();
        this.softDelete = softDelete;
        this.softDeleteField = softDeleteField;
        this.indices = List.copyOf(indices);
        this.limits = limits;
        this.middleware = List.copyOf(middleware);
    }

    /** @return the model name, the class simple name */
    @NonNull
    public String getName() {
        return name;
    }

    /** @return the model class */
    @NonNull
    public Class<? extends BaseModel> getType() {
        return type;
    }

    /** @return the table name, also the collection segment of its routes */
    @NonNull
    public String getTable() {
        return table;
    }

    /** @return every field, base fields first */
    @NonNull
    public List<FieldDescriptor> getFields() {
        return fields;
    }

    /** @return the fields returned in responses, in declaration order */
    @NonNull
    public List<FieldDescriptor> getReadableFields() {
        return readableFields;
    }

    /**
     * @param name a snake_case field name
     * @return the field, if the model has it
     */
    @NonNull
    public Optional<FieldDescriptor> findField(@NonNull String name) {
        return Optional.ofNullable(fieldsByName.get(name));
    }

    /** @return the soft-delete mode */
    @NonNull
    public SoftDelete getSoftDelete() {
        return softDelete;
    }

    /** @return the soft-delete marker field, when the model soft-deletes */
    @NonNull
    public Optional<FieldDescriptor> getSoftDeleteField() {
        return Optional.ofNullable(softDeleteField);
    }

    /** @return secondary indices */
    @NonNull
    public List<IndexDescriptor> getIndices() {
        return indices;
    }

    /** @return the query limits in force for this model */
    @NonNull
    public QueryLimits getLimits() {
        return limits;
    }

    /** @return middleware attached to this model, per step */
    @NonNull
    public List<StepMiddleware> getMiddleware() {
        return middleware;
    }

    /** @return the relations of this model, resolved at startup once every model is registered */
    @NonNull
    public List<RelationDescriptor> getRelations() {
        return relations;
    }

    /**
     * @param key a relation key
     * @return the relation, if the model has it
     */
    @NonNull
    public Optional<RelationDescriptor> findRelation(@NonNull String key) {
        return Optional.ofNullable(relationsByName.get(key));
    }

    /**
     * Sets the resolved relations; called by the model registry while it links models at startup.
     *
     * @param resolved the relations of this model
     */
    @Internal
    public void linkRelations(@NonNull List<RelationDescriptor> resolved) {
        Map<String, RelationDescriptor> byName = new LinkedHashMap<>();
        for (RelationDescriptor relation : resolved) {
            byName.put(relation.name(), relation);
        }
        this.relationsByName = Map.copyOf(byName);
        this.relations = List.copyOf(resolved);
    }

    @Override
    public String toString() {
        return name + " (" + table + ")";
    }
}
