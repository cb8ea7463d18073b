package io.fx.micronaut.testsuite.transaction;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import io.fx.micronaut.testsuite.support.Failures;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The transaction middleware belongs on the Service step at position BEFORE; elsewhere startup fails. */
@TestDatabase
class TransactionPlacementTest {

    private static String failure(String spec) {
        return Failures.startupFailure("TransactionPlacementTest" + spec, "spec.name", spec);
    }

    @Test
    void afterTheServiceDefaultFailsStartup() {
        String message = failure("TxAfter");
        assertTrue(message.contains("TransactionMiddleware is registered on SERVICE at AFTER; register it on the SERVICE step at position BEFORE"),
            message);
    }

    @Test
    void onAnotherStepFailsStartup() {
        String message = failure("TxOnDb");
        assertTrue(message.contains("TransactionMiddleware is registered on DB at BEFORE"), message);
    }

    @Factory
    static class Misplaced {

        @Singleton
        @Requires(property = "spec.name", value = "TxAfter")
        PipelineConfigurer after(TransactionMiddleware transactions) {
            return registry -> registry.use(Step.SERVICE, transactions, MiddlewareOptions.after());
        }

        @Singleton
        @Requires(property = "spec.name", value = "TxOnDb")
        PipelineConfigurer onDb(TransactionMiddleware transactions) {
            return registry -> registry.use(Step.DB, transactions);
        }
    }
}
