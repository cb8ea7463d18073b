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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The transaction middleware belongs on the Service step at position BEFORE; elsewhere startup fails. */
@TestDatabase
class TransactionPlacementTest {

    /** Each row: the spec.name of a misplaced registration, a line of the startup failure. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        TxAfter | TransactionMiddleware is registered on SERVICE at AFTER; register it on the SERVICE step at position BEFORE
        TxOnDb  | TransactionMiddleware is registered on DB at BEFORE
        """)
    void elsewhereFailsStartup(String spec, String expected) {
        Failures.assertStartupFailure(expected, "TransactionPlacementTest" + spec, "spec.name", spec);
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
