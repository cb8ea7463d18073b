package io.fx.micronaut.action;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * Every registered action, frozen at startup after path checks (syntax, duplicates, collisions with
 * generated routes). Documentation generators and production validation read it.
 *
 * @since 0.2.0
 */
public interface ActionCatalog {

    /** @return the actions, {@link Action} beans first, then registrar ones, in registration order */
    @NonNull
    List<Action> getActions();
}
