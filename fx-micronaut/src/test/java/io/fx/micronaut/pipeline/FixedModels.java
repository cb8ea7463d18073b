package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.model.ModelRegistry;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A sealed {@link ModelRegistry} of descriptors made in code.
 *
 * @param models the models, in registration order
 */
record FixedModels(List<ModelDescriptor> models) implements ModelRegistry {

    FixedModels(ModelDescriptor... models) {
        this(List.of(models));
    }

    @Override
    public Collection<ModelDescriptor> getModels() {
        return models;
    }

    @Override
    public Optional<ModelDescriptor> findByCollection(String collection) {
        return models.stream().filter(m -> m.getTable().equals(collection)).findFirst();
    }

    @Override
    public Optional<ModelDescriptor> findByName(String name) {
        return models.stream().filter(m -> m.getName().equals(name)).findFirst();
    }

    @Override
    public Optional<ModelDescriptor> findByType(Class<?> type) {
        return models.stream().filter(m -> m.getType() == type).findFirst();
    }

    @Override
    public ModelRegistration register(Object... items) {
        throw new IllegalStateException("the registry is sealed");
    }

    @Override
    public void seal() {
    }

    @Override
    public boolean isSealed() {
        return true;
    }
}
