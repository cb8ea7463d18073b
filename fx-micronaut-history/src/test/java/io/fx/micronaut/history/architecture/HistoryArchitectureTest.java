package io.fx.micronaut.history.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The history module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class HistoryArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.history";
    }
}
