package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.runtime.Micronaut;

/**
 * Starts the hand-written baseline service.
 *
 * @since 0.1.0
 */
public final class HandWrittenApplication {

    private HandWrittenApplication() {
    }

    /**
     * @param args command-line arguments, passed to Micronaut
     */
    public static void main(String[] args) {
        Micronaut.run(HandWrittenApplication.class, args);
    }
}
