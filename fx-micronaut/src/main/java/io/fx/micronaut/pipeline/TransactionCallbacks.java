package io.fx.micronaut.pipeline;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.StorageContext;
import io.micronaut.core.annotation.NonNull;

import java.util.function.Supplier;

/**
 * The request's database transaction: whether one is active, a manual one to run work in, and callbacks
 * to run once it commits or rolls back.
 *
 * @since 0.7.0
 */
public final class TransactionCallbacks {

    private final DataStore store;
    private final StorageContext context;

    TransactionCallbacks(DataStore store, StorageContext context) {
        this.store = store;
        this.context = context;
    }

    /** @return whether a database transaction is active for this request */
    public boolean isActive() {
        return store != null && store.isActive();
    }

    /**
     * Runs work in a manual transaction. Model accessors, raw SQL and the DB step join it; it commits
     * when the work returns and rolls back when it throws. A transaction cannot nest: beginning one
     * while one is active fails with {@code TX_BEGIN_ERROR}.
     *
     * @param work the work
     * @param <R>  the result type
     * @return the work's result, after commit
     */
    public <R> R run(@NonNull Supplier<R> work) {
        return store().inTransaction(work);
    }

    /**
     * Runs a callback once the active transaction has committed (see {@link DataStore#afterCommit}).
     *
     * @param callback the callback
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     */
    public void afterCommit(@NonNull Runnable callback) {
        store().afterCommit(context, callback);
    }

    /**
     * Runs a callback once the active transaction has rolled back.
     *
     * @param callback the callback
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     */
    public void afterRollback(@NonNull Runnable callback) {
        store().afterRollback(context, callback);
    }

    private DataStore store() {
        if (store == null) {
            throw new IllegalStateException("This request context was built without a data store");
        }
        return store;
    }
}
