package io.fx.micronaut.accessor;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Data access for code that runs inside a request ({@code RequestContext#getModels()}) or in the
 * background (inject this bean). Every call joins the transaction active on the current thread, if
 * any; writes outside one run in a transaction of their own.
 *
 * @since 0.2.0
 */
public interface Models {

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
