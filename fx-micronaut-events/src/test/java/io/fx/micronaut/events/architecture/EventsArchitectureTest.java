package io.fx.micronaut.events.architecture;

import io.fx.micronaut.architecture.ModuleArchitectureTest;

/** The events module keeps the rules every module keeps: no package cycle, no API package leaning on internals. */
class EventsArchitectureTest extends ModuleArchitectureTest {

    @Override
    protected String rootPackage() {
        return "io.fx.micronaut.events";
    }
}
