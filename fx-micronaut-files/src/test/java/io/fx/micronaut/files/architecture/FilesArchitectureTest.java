package io.fx.micronaut.files.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The files module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class FilesArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.files";
    }
}
