package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.examples.cache.SummaryInvalidation;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Takes the blog's post-summary cache invalidation off post and comment writes, for measuring writes of a model
 * that no record listener observes (run.sh --variant plain="-Dbench.post-transactions=false
 * -Dbench.summary-cache=false"): the events module's cache listener applies to every model a cache invalidation
 * covers, and it needs the write's transaction (it drops the keys after the commit) and the record before the
 * write, so with it every post update reads its pre-image under lock and runs in a transaction. The hand-written
 * service has no cache. The summaries this server caches are then never dropped; the benchmark does not read them.
 */
@Singleton
@Replaces(SummaryInvalidation.class)
@Requires(property = "bench.summary-cache", value = "false")
public class BenchmarkNoSummaryCache implements PipelineConfigurer {

    @Override
    public void configure(MiddlewareRegistry registry) {
        // no cache invalidation, so no record listener on posts
    }
}
