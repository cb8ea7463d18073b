package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.examples.actions.PostTransactions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Takes the blog's {@code TransactionMiddleware} off post writes, for measuring writes outside an explicit
 * transaction (run.sh --variant autocommit="-Dbench.post-transactions=false"): a create, update or delete of a
 * post then runs as one auto-committed statement, as the plain hand-written service's create does, unless a record
 * listener observes it (the blog's post-summary cache has one: {@link BenchmarkNoSummaryCache} takes it off).
 */
@Singleton
@Replaces(PostTransactions.class)
@Requires(property = "bench.post-transactions", value = "false")
public class BenchmarkAutoCommit implements PipelineConfigurer {

    @Override
    public void configure(MiddlewareRegistry registry) {
        // no transaction around post writes
    }
}
