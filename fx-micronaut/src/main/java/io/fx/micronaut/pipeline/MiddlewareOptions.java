package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Set;

/**
 * Position, filters and name of a middleware registration. Filters are inclusion-only: an empty
 * set covers every model or operation.
 *
 * @param position   where the middleware stands relative to the step's default
 * @param models     model names covered; empty for all
 * @param operations operations covered; empty for all
 * @param name       an optional name
 * @since 0.1.0
 */
public record MiddlewareOptions(@NonNull Position position,
                                @NonNull Set<String> models,
                                @NonNull Set<Operation> operations,
                                @Nullable String name) {

    /** Before the default, every model and operation, unnamed. */
    public static final MiddlewareOptions DEFAULT = new MiddlewareOptions(Position.BEFORE, Set.of(), Set.of(), null);

    /** Defensive copies. */
    public MiddlewareOptions {
        models = Set.copyOf(models);
        operations = Set.copyOf(operations);
    }

    /** @return options for a middleware before the default */
    @NonNull
    public static MiddlewareOptions before() {
        return DEFAULT;
    }

    /** @return options for a middleware after the default */
    @NonNull
    public static MiddlewareOptions after() {
        return DEFAULT.at(Position.AFTER);
    }

    /** @return options for a middleware replacing the default */
    @NonNull
    public static MiddlewareOptions replace() {
        return DEFAULT.at(Position.REPLACE);
    }

    /**
     * @param newPosition the position
     * @return a copy at that position
     */
    @NonNull
    public MiddlewareOptions at(@NonNull Position newPosition) {
        return new MiddlewareOptions(newPosition, models, operations, name);
    }

    /**
     * @param modelNames model names (class simple names)
     * @return a copy covering only those models
     */
    @NonNull
    public MiddlewareOptions models(@NonNull String... modelNames) {
        return new MiddlewareOptions(position, Set.of(modelNames), operations, name);
    }

    /**
     * @param ops operations
     * @return a copy covering only those operations
     */
    @NonNull
    public MiddlewareOptions operations(@NonNull Operation... ops) {
        return new MiddlewareOptions(position, models, Set.copyOf(List.of(ops)), name);
    }

    /**
     * @param newName the name
     * @return a named copy
     */
    @NonNull
    public MiddlewareOptions named(@NonNull String newName) {
        return new MiddlewareOptions(position, models, operations, newName);
    }

    /**
     * @param model     a model name
     * @param operation an operation
     * @return whether a registration with these options covers them
     */
    public boolean covers(@NonNull String model, @NonNull Operation operation) {
        return (models.isEmpty() || models.contains(model))
            && operation.isCoveredBy(operations);
    }
}
