package io.fx.micronaut.web;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@link SubResource} beans, checked once: a valid path segment, an operation that reads, and one
 * sub-resource per model and name. The controller asks it which sub-resource a path names.
 */
@Internal
@Singleton
final class SubResourceRoutes {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
    /** Generated operations a sub-resource may run; any operation a module declares is allowed too. */
    private static final Set<Operation> READING = Set.of(Operation.READ, Operation.ACTION);

    private final List<SubResource> subResources;

    SubResourceRoutes(List<SubResource> subResources, ModelRegistry registry) {
        this.subResources = List.copyOf(subResources);
        for (SubResource sub : subResources) {
            if (sub.name() == null || !NAME.matcher(sub.name()).matches()) {
                throw new FxConfigurationException("Sub-resource " + sub.getClass().getName() + ": the name '"
                    + sub.name() + "' must be lower-case letters, digits, '_' and '-', starting with a letter");
            }
            if (sub.operation().isGenerated() && !READING.contains(sub.operation())) {
                throw new FxConfigurationException("Sub-resource " + sub.name() + ": operation " + sub.operation()
                    + " is not one a GET runs; use read, action or an operation of its own");
            }
        }
        for (ModelDescriptor model : registry.getModels()) {
            Set<String> names = new HashSet<>();
            for (SubResource sub : subResources) {
                if (!model.isHeadless() && sub.appliesTo(model) && !names.add(sub.name())) {
                    throw new FxConfigurationException("Model " + model.getName() + " has two sub-resources named '"
                        + sub.name() + "'");
                }
            }
        }
    }

    Optional<SubResource> find(ModelDescriptor model, String name) {
        for (SubResource sub : subResources) {
            if (sub.name().equals(name) && sub.appliesTo(model)) {
                return Optional.of(sub);
            }
        }
        return Optional.empty();
    }
}
