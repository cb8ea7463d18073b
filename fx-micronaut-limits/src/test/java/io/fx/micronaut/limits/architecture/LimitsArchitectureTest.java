package io.fx.micronaut.limits.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The limits module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class LimitsArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.limits";
    }
}
