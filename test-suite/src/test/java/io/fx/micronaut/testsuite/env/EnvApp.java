package io.fx.micronaut.testsuite.env;

import io.micronaut.runtime.Micronaut;

/** A plain application main, started in a child JVM by {@link EnvironmentLoadingTest}. */
public final class EnvApp {

    private EnvApp() {
    }

    public static void main(String[] args) {
        Micronaut.run(EnvApp.class, args);
    }
}
