package io.fx.micronaut.db;

import io.micronaut.core.annotation.NonNull;

import java.util.function.Supplier;

/**
 * The database transaction of the current thread: run work in one, ask whether one is active, and register
 * callbacks for its commit or rollback. {@link RecordStore} calls and {@link RawSql} statements join it.
 *
 * @since 0.7.0 (part of {@code DataStore} before)
 */
public interface Transactions {

    /**
     * Runs a callback once the active transaction has committed, after every earlier one registered
     * on it. A callback that throws is logged with the context's request id and changes nothing else.
     *
     * @param context  who registers it (for the log)
     * @param callback the callback
     * @throws TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    void afterCommit(@NonNull StorageContext context, @NonNull Runnable callback);

    /**
     * Runs a callback once the active transaction has rolled back.
     *
     * @param context  who registers it (for the log)
     * @param callback the callback
     * @throws TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    void afterRollback(@NonNull StorageContext context, @NonNull Runnable callback);

    /**
     * Runs work in a write transaction; fails with {@code TX_BEGIN_ERROR} when one is already active.
     *
     * @param work the work
     * @param <R>  the result type
     * @return the work's result, after commit
     */
    <R> R inTransaction(@NonNull Supplier<R> work);

    /**
     * Runs work under a savepoint of the active transaction: when the work throws, the transaction is rolled back
     * to the savepoint (what the work wrote is undone, what came before it stays) and the exception propagates; the
     * transaction itself goes on. On PostgreSQL a failed statement otherwise aborts the whole transaction, so work
     * whose failure the caller handles (a history row that loses a race, a row a batch skips) runs under one.
     *
     * @param work the work
     * @param <R>  the result type
     * @return the work's result
     * @throws io.fx.micronaut.exception.FxException {@code TX_BEGIN_ERROR} when no transaction is active
     * @since 0.8.0
     */
    <R> R inSavepoint(@NonNull Supplier<R> work);

    /**
     * @return whether a transaction is active on the current thread
     * @since 0.7.0 ({@code inTransaction()} before)
     */
    boolean isActive();
}
