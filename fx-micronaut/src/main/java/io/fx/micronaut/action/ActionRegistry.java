package io.fx.micronaut.action;

import io.micronaut.core.annotation.NonNull;

/**
 * Accepts action registrations while the action catalogue is built at startup.
 *
 * @since 0.2.0
 */
@FunctionalInterface
public interface ActionRegistry {

    /**
     * @param action the action
     * @return this registry
     */
    @NonNull
    ActionRegistry add(@NonNull Action action);
}
