package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;
import io.micronaut.transaction.TransactionOperations;

import java.sql.Connection;
import java.sql.SQLException;

/** Service-step middleware that misuses transactions on request, to reach the transaction error codes. */
@Requires(property = "spec.name", value = "TransactionTest")
@FxMiddleware(step = Step.SERVICE, models = "Widget")
public class TransactionMisuseMiddleware implements Middleware {

    private final TransactionOperations<Connection> transactions;

    public TransactionMisuseMiddleware(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    @Override
    public void handle(RequestContext context, Next next) {
        var headers = context.getRequest().orElseThrow().getHeaders();
        if (headers.contains("X-Nested")) {
            context.getDataStore().inTransaction(() -> context.getDataStore().inTransaction(() -> null));
        }
        if (headers.contains("X-Break-Commit")) {
            context.getDataStore().inTransaction(() -> {
                try {
                    transactions.getConnection().close();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                return null;
            });
        }
        if (headers.contains("X-In-Transaction")) {
            context.getDataStore().inTransaction(() -> {
                next.next();
                return null;
            });
            return;
        }
        next.next();
    }
}
