package io.fx.micronaut.testsuite.lifecycle;

import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import jakarta.inject.Singleton;

/** Holds server startup open for a while after the port is bound. */
@Singleton
@Requires(property = "spec.name", value = "StartingStateTest")
public class SlowStartupListener {

    @EventListener
    void onStartup(ServerStartupEvent event) {
        try {
            Thread.sleep(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
