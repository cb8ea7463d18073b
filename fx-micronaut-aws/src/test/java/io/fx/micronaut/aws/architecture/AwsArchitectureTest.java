package io.fx.micronaut.aws.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The AWS module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class AwsArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.aws";
    }
}
