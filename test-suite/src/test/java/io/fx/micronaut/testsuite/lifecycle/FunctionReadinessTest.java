package io.fx.micronaut.testsuite.lifecycle;

import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.lifecycle.ReadinessState;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34 fix 1: with Netty on the classpath a serverless function (environment {@code function}) never starts the
 * server whose bean exists, so it is ready at startup; a plain context with that bean waits for the server.
 */
@TestDatabase
class FunctionReadinessTest {

    @Test
    void aFunctionIsReadyAtStartupThoughNettyDefinesAServer() {
        try (ApplicationContext context = ApplicationContext.builder(Environment.FUNCTION)
            .properties(Databases.config("FunctionReadinessTest")).start()) {
            assertTrue(context.containsBean(EmbeddedServer.class), "Netty is on the test classpath");
            assertFalse(context.getBean(EmbeddedServer.class).isRunning());
            assertEquals(ReadinessState.READY, context.getBean(FxLifecycle.class).getState());
        }
    }

    @Test
    void anApplicationWithAServerBeanWaitsForTheServer() {
        try (ApplicationContext context = ApplicationContext.builder()
            .properties(Databases.config("FunctionReadinessServer")).start()) {
            assertEquals(ReadinessState.STARTING, context.getBean(FxLifecycle.class).getState());
        }
    }
}
