package io.fx.micronaut.scheduled.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The scheduled-fields module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class ScheduledArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.scheduled";
    }
}
