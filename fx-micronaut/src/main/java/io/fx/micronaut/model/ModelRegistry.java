package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.Collection;
import java.util.Optional;

/**
 * The registered models. Built at startup and sealed when the database adapter opens; registering
 * afterwards fails with a message naming the class.
 *
 * @since 0.1.0
 */
public interface ModelRegistry extends ModelRegistration {

    /** @return every model, in registration order */
    @NonNull
    Collection<ModelDescriptor> getModels();

    /**
     * @param collection a table name (the collection path segment)
     * @return the model served there; never a {@linkplain ModelDescriptor#isHeadless() headless} model, which
     *         has no routes
     */
    @NonNull
    Optional<ModelDescriptor> findByCollection(@NonNull String collection);

    /**
     * @param name a model name (class simple name)
     * @return the model
     */
    @NonNull
    Optional<ModelDescriptor> findByName(@NonNull String name);

    /**
     * @param type a model class
     * @return the model
     */
    @NonNull
    Optional<ModelDescriptor> findByType(@NonNull Class<?> type);

    /** Seals the registry; later registrations fail. Idempotent. */
    void seal();

    /** @return whether the registry is sealed */
    boolean isSealed();

    /** @return the registered models: {@link #getModels()} */
    @Override
    @NonNull
    default Collection<ModelDescriptor> models() {
        return getModels();
    }
}
