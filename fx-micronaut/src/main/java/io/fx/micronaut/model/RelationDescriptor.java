package io.fx.micronaut.model;

import io.fx.micronaut.annotation.SoftDelete;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * An immutable description of one relation of a model, resolved once at startup when every model is
 * registered. The relation key is the name used by {@code include} and nested filters and the
 * property the related records appear under in a response.
 *
 * @param name       the relation key: the snake_case target name for a BelongsTo, the snake_case
 *                   property name for HasMany and ManyToMany
 * @param kind       the kind of relation
 * @param property   the Java property that declares it (the key property of a BelongsTo)
 * @param target     the related model
 * @param foreignKey the key field: on this model for BelongsTo, on the target for HasMany, on the
 *                   junction (pointing at this model) for ManyToMany
 * @param through    the junction model of a ManyToMany, otherwise null
 * @param targetKey  the junction's key field pointing at the target of a ManyToMany, otherwise null
 * @param onDelete   what deleting the target does to records of this model (BelongsTo only; NO_ACTION otherwise)
 * @since 0.1.0
 */
public record RelationDescriptor(@NonNull String name,
                                 @NonNull RelationKind kind,
                                 @NonNull String property,
                                 @NonNull ModelDescriptor target,
                                 @NonNull FieldDescriptor foreignKey,
                                 @Nullable ModelDescriptor through,
                                 @Nullable FieldDescriptor targetKey,
                                 @NonNull ReferentialAction onDelete) {

    /**
     * @param owner the model that declares this relation
     * @return whether the database enforces it with a foreign key: a BelongsTo where neither side
     *         soft-deletes. Otherwise the framework enforces the referential action itself.
     */
    public boolean isDatabaseEnforced(@NonNull ModelDescriptor owner) {
        return kind == RelationKind.BELONGS_TO && owner.getSoftDelete() == SoftDelete.NONE
            && target.getSoftDelete() == SoftDelete.NONE;
    }

    /** @return whether the relation yields at most one related record */
    public boolean isSingle() {
        return kind == RelationKind.BELONGS_TO;
    }

    @Override
    public String toString() {
        return name + " (" + kind + " " + target.getName() + ")";
    }
}
