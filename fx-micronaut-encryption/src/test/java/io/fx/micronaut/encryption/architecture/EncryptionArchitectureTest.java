package io.fx.micronaut.encryption.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The encryption module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class EncryptionArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.encryption";
    }
}
