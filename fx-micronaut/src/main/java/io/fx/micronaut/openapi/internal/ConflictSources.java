package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.ReferentialAction;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.micronaut.core.annotation.Internal;

/**
 * Which generated writes can answer 409 {@code CONFLICT}, the way the runtime gives it: a create or
 * update when the model has a unique field or index (duplicate) or a BelongsTo key (missing parent);
 * a delete when another model's BelongsTo on it restricts (the framework refuses while live children
 * exist) or takes no action under a database foreign key (the database refuses).
 */
@Internal
final class ConflictSources {

    private ConflictSources() {
    }

    /**
     * @param model a model
     * @return whether its create and update can answer 409
     */
    static boolean onWrite(ModelDescriptor model) {
        return model.getFields().stream().anyMatch(FieldDescriptor::unique)
            || model.getIndices().stream().anyMatch(IndexDescriptor::unique)
            || model.getRelations().stream().anyMatch(r -> r.kind() == RelationKind.BELONGS_TO);
    }

    /**
     * @param model    a model
     * @param registry every model
     * @return whether its delete can answer 409
     */
    static boolean onDelete(ModelDescriptor model, ModelRegistry registry) {
        for (ModelDescriptor child : registry.getModels()) {
            for (RelationDescriptor relation : child.getRelations()) {
                if (relation.kind() == RelationKind.BELONGS_TO && relation.target().getName().equals(model.getName())
                    && (relation.onDelete() == ReferentialAction.RESTRICT
                    || relation.onDelete() == ReferentialAction.NO_ACTION && relation.isDatabaseEnforced(child))) {
                    return true;
                }
            }
        }
        return false;
    }
}
