package io.fx.micronaut.security.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The security module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class SecurityArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.security";
    }
}
