package io.fx.micronaut.test;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The records of one model a test is about to create ({@link Fixtures#of(Class)}): the values it sets with
 * {@link #with}, and for every other field a create needs, a valid value from the descriptor. Each
 * {@link #create()} makes a new record (fresh unique strings, a new required parent); the values set stay.
 *
 * @since 0.9.0
 */
public final class Fixture {

    private static final int MAX_PARENT_DEPTH = 8;

    private final Fixtures fixtures;
    private final ModelDescriptor model;
    private final Map<String, Object> values = new LinkedHashMap<>();

    Fixture(Fixtures fixtures, ModelDescriptor model) {
        this.fixtures = fixtures;
        this.model = model;
    }

    /**
     * @param field a field, by its JSON name ({@code author_id}) or its Java property ({@code authorId})
     * @param value its value, as a JSON body carries it (null for an explicit null)
     * @return this fixture
     * @throws IllegalArgumentException when the model has no such field
     */
    @NonNull
    public Fixture with(@NonNull String field, @Nullable Object value) {
        values.put(field(field).name(), value);
        return this;
    }

    /**
     * @param fields fields by JSON name or Java property, and their values
     * @return this fixture
     */
    @NonNull
    public Fixture with(@NonNull Map<String, ?> fields) {
        fields.forEach(this::with);
        return this;
    }

    /** @return the model */
    @NonNull
    public ModelDescriptor model() {
        return model;
    }

    /**
     * @return the body {@link #create()} would send next: the values set and a valid value for every other field a
     *     create needs (a required parent's key is only known once it exists, so it is absent here)
     */
    @NonNull
    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>(values);
        for (FieldDescriptor field : model.getFields()) {
            if (!body.containsKey(field.name()) && parentOf(field) == null && fixtures.values().needsValue(field)) {
                body.put(field.name(), fixtures.values().valueOf(field));
            }
        }
        return body;
    }

    /**
     * Creates one record through the model's accessor (validation applies: a value a test set that breaks a rule
     * fails with the accessor's 422 {@code VALIDATION_ERROR} exception).
     *
     * @return the stored record, as the accessor answers it (with its {@code id})
     */
    @NonNull
    public Map<String, Object> create() {
        return create(0);
    }

    /**
     * @return the id of a new record, {@link #create()}'s
     */
    @NonNull
    public String createId() {
        return (String) create().get("id");
    }

    /**
     * @param count how many records
     * @return the stored records, in creation order
     */
    @NonNull
    public List<Map<String, Object>> createMany(int count) {
        List<Map<String, Object>> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            records.add(create());
        }
        return records;
    }

    private Map<String, Object> create(int depth) {
        Map<String, Object> body = body();
        for (FieldDescriptor field : model.getFields()) {
            RelationDescriptor parent = parentOf(field);
            if (parent != null && !body.containsKey(field.name()) && fixtures.values().needsValue(field)) {
                if (depth >= MAX_PARENT_DEPTH) {
                    throw new IllegalStateException("the required parents of " + model.getName()
                        + " nest deeper than " + MAX_PARENT_DEPTH + " models: set " + field.name() + " yourself");
                }
                body.put(field.name(), fixtures.of(parent.target()).create(depth + 1).get("id"));
            }
        }
        return fixtures.models().of(model.getName()).create(body);
    }

    private RelationDescriptor parentOf(FieldDescriptor field) {
        for (RelationDescriptor relation : model.getRelations()) {
            if (relation.kind() == RelationKind.BELONGS_TO && relation.foreignKey().name().equals(field.name())) {
                return relation;
            }
        }
        return null;
    }

    private FieldDescriptor field(String name) {
        Objects.requireNonNull(name, "field");
        for (FieldDescriptor field : model.getFields()) {
            if (field.name().equals(name) || name.equals(field.property())) {
                return field;
            }
        }
        throw new IllegalArgumentException(model.getName() + " has no field " + name);
    }
}
