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
 * early by being cancelled. {@code X-Stubborn-Sql} (PostgreSQL) runs one that survives its first cancel.
 */
@Requires(property = "spec.name", value = "AbandonedRequestsTest")
@FxMiddleware(step = Step.SERVICE, models = "Metric")
public class SlowSqlMiddleware implements Middleware {

    /** A statement no test waits for. */
    static final String SLOW_SQL = Databases.isPostgres() ? "SELECT pg_sleep(300) AS fx_slow"
        : "SELECT COUNT(*) AS fx_slow FROM SYSTEM_RANGE(1, 100000) a, SYSTEM_RANGE(1, 100000) b WHERE a.X + b.X < 0";

    /**
     * PostgreSQL only: a statement that catches the first cancel it gets and sleeps on, as one whose
     * cancel the server dropped (it arrived while the server still read the statement) would.
     */
    static final String STUBBORN_SQL = "DO $$ <<fx_slow>> BEGIN "
        + "BEGIN PERFORM pg_sleep(300); EXCEPTION WHEN query_canceled THEN NULL; END; "
        + "PERFORM pg_sleep(300); END fx_slow $$";

    @Override
    public void handle(RequestContext context, Next next) {
        var headers = context.getRequest().orElseThrow().getHeaders();
        if (headers.contains("X-Slow-Sql")) {
            context.getModels().query(SLOW_SQL);
        }
        if (headers.contains("X-Stubborn-Sql")) {
            context.getModels().execute(STUBBORN_SQL);
        }
        next.next();
    }
}
