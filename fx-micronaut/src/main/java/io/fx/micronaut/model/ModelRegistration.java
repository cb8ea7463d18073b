package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

/**
 * Registers models programmatically, from a {@link ModelRegistrar}.
 *
 * @since 0.1.0
 */
public interface ModelRegistration {

    /**
     * Registers models. Items are model classes (extending {@link BaseModel} and introspected) or
     * {@link ModelOptions}, which apply to the model registered just before them; {@link Iterable}
     * and array items are flattened one level.
     *
     * @param items classes, options and lists of them
     * @return this registration
     */
    @NonNull
    ModelRegistration register(@NonNull Object... items);
}
