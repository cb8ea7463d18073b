package io.fx.examples.quickstart;

import io.micronaut.runtime.Micronaut;

/** The quickstart: a plain Micronaut application; fx-micronaut serves its {@link Item} model under {@code /api}. */
public final class Application {

    private Application() {
    }

    /**
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        Micronaut.run(Application.class, args);
    }
}
