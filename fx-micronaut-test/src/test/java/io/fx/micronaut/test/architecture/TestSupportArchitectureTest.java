package io.fx.micronaut.test.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The test support module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class TestSupportArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.test";
    }
}
