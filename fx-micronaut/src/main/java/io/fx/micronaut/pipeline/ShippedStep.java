package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.Internal;

/**
 * Implemented by the default steps the framework ships, so the pipeline can tell whether an application
 * replaced one (production validation asks whether anything authenticates) without depending on them.
 */
@Internal
public interface ShippedStep {

    /** @return true when this instance is the shipped step itself, not a subclass */
    boolean isShipped();
}
