package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

/**
 * A bean that registers models programmatically at startup, beside the ones discovered through
 * {@link io.fx.micronaut.annotation.FxModel}. Registrars run in {@code @Order} order; registering a
 * class already discovered replaces its configuration.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ModelRegistrar {

    /**
     * @param registration where to register
     */
    void register(@NonNull ModelRegistration registration);
}
