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

    /**
     * The models registered so far: the discovered ones, then those of the registrars that ran before this one
     * (registrars run in {@code @Order} order). A registrar that derives models from others (a history model per
     * versioned model) orders itself after the registrars whose models it derives from.
     *
     * @return the models, in registration order
     * @since 0.8.0
     */
    @NonNull
    java.util.Collection<ModelDescriptor> models();

    /**
     * The options a model class declares ({@link io.fx.micronaut.annotation.FxModel}, or the defaults), to register
     * it again with a change: {@code registration.register(Author.class, registration.optionsOf(Author.class)
     * .directives("email", "required, unique, encrypted"))}. Registering a class already registered replaces it.
     *
     * @param type a model class
     * @return the options its annotations declare
     * @throws UnsupportedOperationException when this registration cannot read annotations (a test double)
     * @since 0.10.0
     */
    @NonNull
    default ModelOptions optionsOf(@NonNull Class<?> type) {
        throw new UnsupportedOperationException("This model registration does not read model options");
    }
}
