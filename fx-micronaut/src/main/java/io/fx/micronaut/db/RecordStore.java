package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Record storage: the operations the pipeline and the model accessors run on a model's records. The engine
 * never sees SQL: an adapter translates these calls for its database, applies soft-delete rules and the
 * query deadline, and translates database errors into {@link io.fx.micronaut.exception.FxException}s.
 *
 * <p>Records are maps keyed by field name holding Java values: String, Long, Double, Boolean,
 * {@link java.time.Instant}, List and Map. Every call joins the active transaction when one is set; a write
 * outside one runs in a transaction of its own, which it commits before returning.</p>
 *
 * <p>Every call names the {@link StorageContext} it runs for. The store applies the
 * {@link ScopeResolver scope} of each model it touches to every statement on that model's table (the write
 * scope on the rows a write changes), and calls the {@link RecordListener record listeners} of each record
 * it writes. The overloads without a context run for {@link StorageContext#system()}.</p>
 *
 * @since 0.7.0 (part of {@code DataStore} before)
 */
public interface RecordStore {

    /**
     * @param context who the call runs for
     * @param model   the model
     * @param query   the parsed query; its {@code includes} are added to every record of the page
     * @return the requested page of the rows in the caller's scope, and their exact total
     * @since 0.3.0
     */
    @NonNull
    Page list(@NonNull StorageContext context, @NonNull ModelDescriptor model, @NonNull ListQuery query);

    /**
     * Reads a record, with related records added under their relation keys as {@code include} does
     * for lists: a BelongsTo as a record or null, HasMany and ManyToMany as lists, soft-deleted or
     * scoped-out related records left out, only readable fields.
     *
     * @param context  who the call runs for
     * @param model    the model
     * @param id       the record id
     * @param includes relation keys, optionally nested one level ({@code comments.post}); may be empty
     * @return the live record in the caller's scope, if any
     * @since 0.3.0
     */
    @NonNull
    Optional<Map<String, Object>> read(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                       @NonNull String id, @NonNull List<String> includes);

    /**
     * @param context who the call runs for
     * @param model   the model
     * @param values  validated values of every writable field
     * @return the stored record, with id and timestamps
     * @throws io.fx.micronaut.exception.FxException {@code FORBIDDEN} when the values lie outside the
     *     caller's scope
     * @since 0.3.0
     */
    @NonNull
    Map<String, Object> create(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                               @NonNull Map<String, Object> values);

    /**
     * @param context who the call runs for
     * @param model   the model
     * @param id      the record id
     * @param values  validated values of the fields to change
     * @return the change, with the record before and after; empty when no live record in the caller's
     *     scope has that id
     * @since 0.3.0
     */
    @NonNull
    Optional<RecordChange> update(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                  @NonNull String id, @NonNull Map<String, Object> values);

    /**
     * Soft-deletes the record when the model soft-deletes, otherwise removes it, after applying the
     * referential actions of the relations pointing at it.
     *
     * @param context who the call runs for
     * @param model   the model
     * @param id      the record id
     * @return the change, with the record before; empty when no live record in the caller's scope has that id
     * @since 0.3.0
     */
    @NonNull
    Optional<RecordChange> delete(@NonNull StorageContext context, @NonNull ModelDescriptor model, @NonNull String id);

    /**
     * Removes a record from its table, soft-deleted or live, even when the model soft-deletes: what a retention
     * job or a scheduled {@code hard-delete} runs. The row is read and locked first, the record listeners see a
     * {@link RecordChange#isRemoval() removal}, and the referential actions of the relations pointing at it apply
     * as for {@link #delete}; a soft-deleted child that still refers to it fails the delete when the database
     * holds a foreign key. A model that does not soft-delete deletes as {@link #delete} does, soft-deleted rows
     * being none.
     *
     * @param context who the call runs for; its write scope applies
     * @param model   the model
     * @param id      the record id
     * @return the change, with the record before; empty when no row in the caller's scope has that id
     * @throws UnsupportedOperationException when the store cannot remove soft-deleted rows
     * @since 0.9.0
     */
    @NonNull
    default Optional<RecordChange> hardDelete(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                              @NonNull String id) {
        if (model.getSoftDeleteField().isEmpty()) {
            return delete(context, model, id);
        }
        throw new UnsupportedOperationException("this store does not remove soft-deleted rows");
    }

    /**
     * Reads a live record in the caller's scope and locks its row until the active transaction ends.
     *
     * @param context who the call runs for
     * @param model   the model
     * @param id      the record id
     * @return the locked record, or empty when no live record in the caller's scope has that id
     * @throws TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    @NonNull
    Optional<Map<String, Object>> lockForUpdate(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                                @NonNull String id);

    /**
     * @param model the model
     * @param query the parsed query
     * @return {@link #list(StorageContext, ModelDescriptor, ListQuery)} for the system context
     */
    @NonNull
    default Page list(@NonNull ModelDescriptor model, @NonNull ListQuery query) {
        return list(StorageContext.system(), model, query);
    }

    /**
     * @param model the model
     * @param id    the record id
     * @return the live record, if any, read for the system context
     */
    @NonNull
    default Optional<Map<String, Object>> read(@NonNull ModelDescriptor model, @NonNull String id) {
        return read(StorageContext.system(), model, id, List.of());
    }

    /**
     * @param model    the model
     * @param id       the record id
     * @param includes relation keys
     * @return {@link #read(StorageContext, ModelDescriptor, String, List)} for the system context
     */
    @NonNull
    default Optional<Map<String, Object>> read(@NonNull ModelDescriptor model, @NonNull String id,
                                               @NonNull List<String> includes) {
        return read(StorageContext.system(), model, id, includes);
    }

    /**
     * @param model  the model
     * @param values validated values of every writable field
     * @return the stored record, created for the system context
     */
    @NonNull
    default Map<String, Object> create(@NonNull ModelDescriptor model, @NonNull Map<String, Object> values) {
        return create(StorageContext.system(), model, values);
    }

    /**
     * @param model  the model
     * @param id     the record id
     * @param values validated values of the fields to change
     * @return the updated record, or empty when no live record has that id (system context)
     */
    @NonNull
    default Optional<Map<String, Object>> update(@NonNull ModelDescriptor model, @NonNull String id,
                                                 @NonNull Map<String, Object> values) {
        return update(StorageContext.system(), model, id, values).flatMap(RecordChange::getAfter);
    }

    /**
     * @param model the model
     * @param id    the record id
     * @return whether a live record was deleted (system context)
     */
    default boolean delete(@NonNull ModelDescriptor model, @NonNull String id) {
        return delete(StorageContext.system(), model, id).isPresent();
    }

    /**
     * @param model the model
     * @param id    the record id
     * @return the locked record, read for the system context
     * @throws TransactionRequiredException when no transaction is active
     * @since 0.2.0
     */
    @NonNull
    default Optional<Map<String, Object>> lockForUpdate(@NonNull ModelDescriptor model, @NonNull String id) {
        return lockForUpdate(StorageContext.system(), model, id);
    }

    /**
     * @return the store's {@link ScopeChecker}, when it can tell whether a record, soft-deleted or not, lies in a
     *     caller's scope; a store that wraps another passes the wrapped one's on
     * @since 0.8.0
     */
    @NonNull
    default Optional<ScopeChecker> scopeChecker() {
        return Optional.empty();
    }
}
