package io.fx.micronaut.action;

import io.micronaut.core.annotation.NonNull;

/**
 * A bean that registers actions programmatically at startup, after the {@link Action} beans.
 *
 * @since 0.2.0
 */
@FunctionalInterface
public interface ActionRegistrar {

    /**
     * @param registry where to register actions
     */
    void register(@NonNull ActionRegistry registry);
}
