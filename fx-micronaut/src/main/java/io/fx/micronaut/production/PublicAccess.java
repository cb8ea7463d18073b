package io.fx.micronaut.production;

import io.fx.micronaut.pipeline.Operation;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Set;

/**
 * Declares generated operations of named models public, so that production validation accepts them
 * without Auth-step middleware. Declare it as a bean, typically from a {@code @Factory}:
 *
 * <pre>{@code
 * @Singleton
 * PublicAccess publicReads() {
 *     return PublicAccess.models("Post", "Tag").operations(Operation.LIST, Operation.READ);
 * }
 * }</pre>
 *
 * It is a declaration for validation; at runtime the Auth step still runs for these operations.
 *
 * @param models     the model names covered; never empty
 * @param operations the operations covered; empty for every generated operation
 * @since 0.2.0
 */
public record PublicAccess(@NonNull Set<String> models, @NonNull Set<Operation> operations) {

    /** Defensive copies; at least one model. */
    public PublicAccess {
        if (models == null || models.isEmpty()) {
            throw new IllegalArgumentException("A public access declaration names at least one model");
        }
        models = Set.copyOf(models);
        operations = operations == null ? Set.of() : Set.copyOf(operations);
    }

    /**
     * @param modelNames model names (class simple names)
     * @return a declaration covering every generated operation of those models
     */
    @NonNull
    public static PublicAccess models(@NonNull String... modelNames) {
        return new PublicAccess(Set.of(modelNames), Set.of());
    }

    /**
     * @param ops the operations
     * @return a copy covering only those operations
     */
    @NonNull
    public PublicAccess operations(@NonNull Operation... ops) {
        return new PublicAccess(models, Set.copyOf(List.of(ops)));
    }

    /**
     * @param model     a model name
     * @param operation an operation
     * @return whether this declaration makes it public
     */
    public boolean covers(@NonNull String model, @NonNull Operation operation) {
        return models.contains(model) && (operations.isEmpty() || operations.contains(operation));
    }
}
