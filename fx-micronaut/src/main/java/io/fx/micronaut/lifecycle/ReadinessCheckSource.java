package io.fx.micronaut.lifecycle;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * Contributes several readiness checks at once, for integrations that adapt other beans.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ReadinessCheckSource {

    /** @return the checks */
    @NonNull
    List<ReadinessCheck> readinessChecks();
}
