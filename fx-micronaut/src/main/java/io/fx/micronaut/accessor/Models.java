package io.fx.micronaut.accessor;

import io.fx.micronaut.db.StorageContext;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Data access for code that runs inside a request ({@code RequestContext#getModels()}) or in the
 * background (inject this bean). Every call joins the transaction active on the current thread, if
 * any; writes outside one run in a transaction of their own.
 *
 * <p>Accessors carry the {@link StorageContext} they were created from: those of a request run for
 * its principal; the injected bean runs for {@link StorageContext#system()}; {@link #as} gives
 * accessors for another principal. Scopes resolve and record listeners run for that context exactly
 * as for a request.</p>
 *
 * @since 0.2.0
 */
public interface Models {

    /**
     * @param context who the calls run for, e.g. {@code StorageContext.of(principal)} in background code
     * @return accessors that run every call for that context
     * @since 0.3.0
     */
    @NonNull
    Models as(@NonNull StorageContext context);

    /** @return who these accessors' calls run for */
    @NonNull
    StorageContext context();

    /**
     * Runs a callback once the active transaction has committed, in registration order; one that
     * throws is logged and changes nothing else.
     *
     * @param callback the callback
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    void afterCommit(@NonNull Runnable callback);

    /**
     * Runs a callback once the active transaction has rolled back.
     *
     * @param callback the callback
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    void afterRollback(@NonNull Runnable callback);

    /**
     * @param name a registered model name (class simple name)
     * @return the accessor of that model
     * @throws io.fx.micronaut.exception.FxException {@code NOT_FOUND} when no such model is registered
     */
    @NonNull
    ModelAccessor of(@NonNull String name);

    /**
     * @param type a registered model class
     * @return the accessor of that model
     * @throws io.fx.micronaut.exception.FxException {@code NOT_FOUND} when the class is not registered
     */
    @NonNull
    ModelAccessor of(@NonNull Class<?> type);

    /**
     * Runs a raw query with bound parameters.
     *
     * @param sql        SQL with {@code ?} placeholders
     * @param parameters the bound values, in order
     * @return the rows, keyed by lower-case column label
     */
    @NonNull
    List<Map<String, Object>> query(@NonNull String sql, @NonNull Object... parameters);

    /**
     * Runs a raw statement with bound parameters.
     *
     * @param sql        SQL with {@code ?} placeholders
     * @param parameters the bound values, in order
     * @return the number of rows changed
     */
    int execute(@NonNull String sql, @NonNull Object... parameters);

    /**
     * Runs work in a transaction that commits when it returns and rolls back when it throws. The
     * embedded adapter does not nest transactions: calling this inside one fails with
     * {@code TX_BEGIN_ERROR}.
     *
     * @param work the work
     * @param <R>  the result type
     * @return the work's result, after commit
     */
    <R> R inTransaction(@NonNull Supplier<R> work);

    /** @return whether a transaction is active on the current thread */
    boolean isInTransaction();
}
