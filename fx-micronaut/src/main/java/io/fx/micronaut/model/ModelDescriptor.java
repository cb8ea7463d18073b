package io.fx.micronaut.model;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.config.QueryLimits;
import io.fx.micronaut.config.TotalMode;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
    private final Attributes attributes;
    private final boolean headless;
    private final TotalMode totalMode;
    private final boolean synthetic;
    private final boolean readOnly;
    private final Versioning versioning;
    private volatile List<RelationDescriptor> relations = List.of();
    private volatile Map<String, RelationDescriptor> relationsByName = Map.of();

    private ModelDescriptor(Builder b) {
        this.name = Objects.requireNonNull(b.name, "name");
        this.type = Objects.requireNonNull(b.type, "type");
        this.table = Objects.requireNonNull(b.table, "table");
        this.fields = b.synthetic ? withBaseFields(b.fields, !b.readOnly) : List.copyOf(b.fields);
        Map<String, FieldDescriptor> byName = new LinkedHashMap<>();
        for (FieldDescriptor f : fields) {
            byName.put(f.name(), f);
        }
        this.fieldsByName = Map.copyOf(byName);
        this.readableFields = fields.stream().filter(FieldDescriptor::isReadable).toList();
        this.softDelete = b.softDelete;
        this.softDeleteField = b.softDeleteField;
        this.indices = List.copyOf(b.indices);
        this.limits = Objects.requireNonNull(b.limits, "limits");
        this.attributes = b.attributes;
        this.headless = b.headless;
        this.totalMode = b.totalMode;
        this.synthetic = b.synthetic;
        this.readOnly = b.readOnly;
        this.versioning = b.versioning;
    }

    /**
     * @param name  the model name
     * @param type  the model class
     * @param table the table name, also the collection segment of its routes
     * @return a builder for a model without fields, soft delete, indices or middleware, under the default limits
     * @since 0.2.0
     */
    @NonNull
    public static Builder builder(@NonNull String name, @NonNull Class<? extends BaseModel> type, @NonNull String table) {
        return new Builder(name, type, table);
    }

    /**
     * A model without a Java class: its fields are given as descriptors, and the base fields ({@code id},
     * {@code created_at}, {@code updated_at}; the timestamps filterable and sortable) are added in front of them. Register it like a class, through
     * a {@link ModelRegistrar}; read and write it through the accessors ({@code Models.of(name)}).
     *
     * @param name  the model name, unique among all models
     * @param table the table name
     * @return a builder for the synthetic model
     * @since 0.3.0
     */
    @NonNull
    public static Builder synthetic(@NonNull String name, @NonNull String table) {
        Builder builder = new Builder(name, BaseModel.class, table);
        builder.synthetic = true;
        return builder;
    }

    private static List<FieldDescriptor> withBaseFields(List<FieldDescriptor> data, boolean timestamps) {
        List<FieldDescriptor> all = new ArrayList<>();
        all.add(FieldDescriptor.builder("id", FieldType.STRING, String.class).property("id").role(FieldRole.ID)
            .readonly(true).nullable(false).build());
        if (timestamps) {
            addTimestamps(all);
        }
        for (FieldDescriptor field : data) {
            if (field.role() == FieldRole.ID || field.role() == FieldRole.CREATED_AT || field.role() == FieldRole.UPDATED_AT
                || all.stream().anyMatch(f -> f.name().equals(field.name()))) {
                throw new IllegalArgumentException("A synthetic model declares its data fields only; the base fields "
                    + "are added for it: " + field.name());
            }
            all.add(field);
        }
        return List.copyOf(all);
    }

    private static void addTimestamps(List<FieldDescriptor> all) {
        all.add(FieldDescriptor.builder("created_at", FieldType.TIMESTAMP, java.time.Instant.class).property("createdAt")
            .role(FieldRole.CREATED_AT).readonly(true).nullable(false).filterable(true).sortable(true).build());
        all.add(FieldDescriptor.builder("updated_at", FieldType.TIMESTAMP, java.time.Instant.class).property("updatedAt")
            .role(FieldRole.UPDATED_AT).readonly(true).nullable(false).filterable(true).sortable(true).build());
    }

    /**
     * @return whether the model has no generated routes: it is migrated and reachable through accessors,
     *         and absent from the routes and paths of the API document
     * @since 0.3.0
     */
    public boolean isHeadless() {
        return headless;
    }

    /**
     * @return how the model's lists count when a request does not say ({@code total}); empty for the server's
     *         default ({@code fx.list.total})
     * @since 0.4.0
     */
    @NonNull
    public Optional<TotalMode> getTotalMode() {
        return Optional.ofNullable(totalMode);
    }

    /**
     * @return whether the model was built in code rather than from a class; its {@link #getType()} is then
     *         {@link BaseModel} itself
     * @since 0.3.0
     */
    public boolean isSynthetic() {
        return synthetic;
    }

    /** @return the model name, the class simple name */
    @NonNull
    public String getName() {
        return name;
    }

    /**
     * @return whether the model's records are written by the module that owns its table, never through the
     *     record store: a create, update or delete through the store or an accessor is 405
     *     {@code METHOD_NOT_ALLOWED} (a history model is one)
     * @since 0.8.0
     */
    public boolean isReadOnly() {
        return readOnly;
    }

    /**
     * @return the model's change history, or empty when it keeps none
     * @since 0.8.0
     */
    @NonNull
    public Optional<Versioning> getVersioning() {
        return Optional.ofNullable(versioning);
    }

    /** @return the model class; {@link BaseModel} itself for a {@linkplain #isSynthetic() synthetic} model */
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

    /**
     * @return the attributes extensions stored on this model
     * @since 0.2.0
     */
    @NonNull
    public Attributes getAttributes() {
        return attributes;
    }

    /**
     * @param key an attribute key
     * @param <T> its value type
     * @return the attribute's value, if set
     * @since 0.2.0
     */
    @NonNull
    public <T> Optional<T> attribute(@NonNull AttributeKey<T> key) {
        return attributes.get(key);
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

    /**
     * Builds a {@link ModelDescriptor}.
     *
     * @since 0.2.0
     */
    public static final class Builder {

        private final String name;
        private final Class<? extends BaseModel> type;
        private final String table;
        private List<FieldDescriptor> fields = List.of();
        private SoftDelete softDelete = SoftDelete.NONE;
        private FieldDescriptor softDeleteField;
        private List<IndexDescriptor> indices = List.of();
        private QueryLimits limits = QueryLimits.DEFAULTS;
        private Attributes attributes = Attributes.EMPTY;
        private boolean headless;
        private boolean synthetic;
        private boolean readOnly;
        private Versioning versioning;
        private TotalMode totalMode;

        private Builder(String name, Class<? extends BaseModel> type, String table) {
            this.name = Objects.requireNonNull(name, "name");
            this.type = Objects.requireNonNull(type, "type");
            this.table = Objects.requireNonNull(table, "table");
        }

        /** @param value every field, base fields first @return this builder */
        @NonNull
        public Builder fields(@NonNull List<FieldDescriptor> value) {
            this.fields = List.copyOf(value);
            return this;
        }

        /**
         * @param mode   the soft-delete mode
         * @param marker the marker field (one of the fields), or null when the mode is NONE
         * @return this builder
         */
        @NonNull
        public Builder softDelete(@NonNull SoftDelete mode, @Nullable FieldDescriptor marker) {
            this.softDelete = Objects.requireNonNull(mode, "mode");
            this.softDeleteField = marker;
            return this;
        }

        /** @param value secondary indices @return this builder */
        @NonNull
        public Builder indices(@NonNull List<IndexDescriptor> value) {
            this.indices = List.copyOf(value);
            return this;
        }

        /** @param value the resolved query limits @return this builder */
        @NonNull
        public Builder limits(@NonNull QueryLimits value) {
            this.limits = Objects.requireNonNull(value, "limits");
            return this;
        }

        /**
         * @param key   an attribute key
         * @param value its value
         * @param <T>   the value type
         * @return this builder
         */
        @NonNull
        public <T> Builder attribute(@NonNull AttributeKey<T> key, @NonNull T value) {
            this.attributes = attributes.with(key, value);
            return this;
        }

        /**
         * @param value whether the model has no generated routes (migrated, reachable through accessors)
         * @return this builder
         * @since 0.3.0
         */
        @NonNull
        public Builder headless(boolean value) {
            this.headless = value;
            return this;
        }

        /**
         * @param value how the model's lists count by default, or null for the server's default
         * @return this builder
         * @since 0.4.0
         */
        @NonNull
        public Builder totalMode(@Nullable TotalMode value) {
            this.totalMode = value;
            return this;
        }

        /**
         * @param value whether the model is {@linkplain ModelDescriptor#isReadOnly() read-only}; a read-only
         *              synthetic model gets {@code id} as its only base field (no {@code created_at} or
         *              {@code updated_at}), so its fields are exactly the ones its module declares
         * @return this builder
         * @since 0.8.0
         */
        @NonNull
        public Builder readOnly(boolean value) {
            this.readOnly = value;
            return this;
        }

        /**
         * @param value the model's change history, or null for none
         * @return this builder
         * @since 0.8.0
         */
        @NonNull
        public Builder versioning(@Nullable Versioning value) {
            this.versioning = value;
            return this;
        }

        /** @return the immutable descriptor */
        @NonNull
        public ModelDescriptor build() {
            return new ModelDescriptor(this);
        }
    }
}
