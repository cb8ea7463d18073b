package io.fx.micronaut.lifecycle;

import io.micronaut.core.annotation.NonNull;

/**
 * A dependency check run by the readiness probe, as a bean. Names must be unique, non-empty and not
 * {@code db} (the built-in database ping); a bad name fails startup. Checks share the
 * {@code fx.health-timeout} budget (3 s by default); their failures are logged, never returned.
 *
 * @since 0.1.0
 */
public interface ReadinessCheck {

    /** @return the check's name, as reported in {@code checks} when published */
    @NonNull
    String name();

    /**
     * Checks the dependency.
     *
     * @throws Exception when the dependency is not usable
     */
    void check() throws Exception;
}
