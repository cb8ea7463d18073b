package io.fx.micronaut.examples.actions;

import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import jakarta.inject.Singleton;

/**
 * The README's transaction example: every post write, with whatever Service-step middleware does
 * through the accessors, commits or rolls back as one.
 *
 * @since 0.2.0
 */
// tag::transactions[]
@Singleton
public class PostTransactions implements PipelineConfigurer {

    private final TransactionMiddleware transactions;

    PostTransactions(TransactionMiddleware transactions) {
        this.transactions = transactions;
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        // tag::transactions-registration[]
        registry.use(Step.SERVICE, transactions, MiddlewareOptions.before().models("Post")
            .operations(Operation.CREATE, Operation.UPDATE, Operation.DELETE));
        // end::transactions-registration[]
    }
}
// end::transactions[]
