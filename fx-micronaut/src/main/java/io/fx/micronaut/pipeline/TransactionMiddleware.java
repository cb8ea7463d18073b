package io.fx.micronaut.pipeline;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * Wraps the rest of a request in one database transaction. Register it on the Service step at
 * position {@link Position#BEFORE}: the DB step, model accessors and raw SQL then join the
 * transaction, which commits when the rest of the pipeline returned normally with an empty, 2xx or 3xx
 * (redirect, since 0.7.0) response, and rolls back on an abort, any other response, an exception or a client
 * that went away.
 * Registering it twice is harmless: the second sees the active transaction and only continues.
 * Registered on another step or position, it fails startup.
 *
 * <pre>{@code
 * registry.use(Step.SERVICE, transactionMiddleware, MiddlewareOptions.before().models("Order"));
 * // or per model:
 * @FxModel(middleware = @FxModelMiddleware(step = Step.SERVICE, value = TransactionMiddleware.class))
 * }</pre>
 *
 * @since 0.2.0
 */
@Singleton
public final class TransactionMiddleware implements Middleware {

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (context.transaction().isActive()) {
            next.next();
            return;
        }
        try {
            context.transaction().run(() -> {
                next.next();
                if (context.view().isClientClosed()) {
                    throw ErrorCode.CLIENT_CLOSED_REQUEST.exception("The client closed the connection; the transaction was rolled back");
                }
                if (!succeeded(context)) {
                    throw new Rollback();
                }
                return null;
            });
        } catch (Rollback rollback) {
            // rolled back; the response the pipeline built stands
        }
    }

    private static boolean succeeded(RequestContext context) {
        FxResponse response = context.response().find().orElse(null);
        return !context.response().isAborted() && (response == null || response.status() >= 200 && response.status() < 400);
    }

    /** Unwinds the transaction without an error of its own. */
    private static final class Rollback extends RuntimeException {
        Rollback() {
            super(null, null, false, false);
        }
    }
}
