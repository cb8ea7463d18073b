package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Databases;
import io.micronaut.context.annotation.Requires;

/**
 * Runs a statement that takes minutes through the raw-SQL accessor before a Metric list that sends
 * {@code X-Slow-Sql}: {@code pg_sleep} on PostgreSQL, a ten-billion-row join on H2. Both can only end
 * early by being cancelled.
 */
@Requires(property = "spec.name", value = "AbandonedRequestsTest")
@FxMiddleware(step = Step.SERVICE, models = "Metric")
public class SlowSqlMiddleware implements Middleware {

    /** A statement no test waits for. */
    static final String SLOW_SQL = Databases.isPostgres() ? "SELECT pg_sleep(300) AS fx_slow"
        : "SELECT COUNT(*) AS fx_slow FROM SYSTEM_RANGE(1, 100000) a, SYSTEM_RANGE(1, 100000) b WHERE a.X + b.X < 0";

    @Override
    public void handle(RequestContext context, Next next) {
        if (context.getRequest().orElseThrow().getHeaders().contains("X-Slow-Sql")) {
            context.getModels().query(SLOW_SQL);
        }
        next.next();
    }
}
