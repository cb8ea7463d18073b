package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;
import java.util.Optional;

/**
 * One record's write: what it was ({@code before}, read inside the write's transaction with the row
 * locked, where the write needs it: see {@link #getBefore()}), what is written ({@code values}), and what it
 * became ({@code after}).
 *
 * @since 0.3.0
 */
public final class RecordChange {

    private final WriteOperation operation;
    private final ModelDescriptor model;
    private final String id;
    private Map<String, Object> before;
    private final Map<String, Object> values;
    private final StorageContext context;
    private final boolean cascade;
    private final boolean removal;
    private Map<String, Object> after;

    /**
     * @param operation the kind of write
     * @param model     the written model
     * @param id        the record id
     * @param before    the stored record before the write, null on create
     * @param values    the values to write (create, update), mutable until the statement runs; empty for delete
     * @param context   who the write runs for
     * @param cascade   whether a referential action caused the write
     */
    @Internal
    public RecordChange(@NonNull WriteOperation operation, @NonNull ModelDescriptor model, @NonNull String id,
                        @Nullable Map<String, Object> before, @NonNull Map<String, Object> values,
                        @NonNull StorageContext context, boolean cascade) {
        this(operation, model, id, before, values, context, cascade,
            operation == WriteOperation.DELETE && model.getSoftDeleteField().isEmpty());
    }

    /**
     * @param operation the kind of write
     * @param model     the written model
     * @param id        the record id
     * @param before    the stored record before the write, null on create
     * @param values    the values to write (create, update), mutable until the statement runs; empty for delete
     * @param context   who the write runs for
     * @param cascade   whether a referential action caused the write
     * @param removal   whether a delete removes the row from the table (see {@link #isRemoval()})
     * @since 0.9.0
     */
    @Internal
    public RecordChange(@NonNull WriteOperation operation, @NonNull ModelDescriptor model, @NonNull String id,
                        @Nullable Map<String, Object> before, @NonNull Map<String, Object> values,
                        @NonNull StorageContext context, boolean cascade, boolean removal) {
        this.removal = removal;
        this.operation = operation;
        this.model = model;
        this.id = id;
        this.before = before;
        this.values = values;
        this.context = context;
        this.cascade = cascade;
    }

    /** @return the kind of write */
    @NonNull
    public WriteOperation getOperation() {
        return operation;
    }

    /** @return the written model */
    @NonNull
    public ModelDescriptor getModel() {
        return model;
    }

    /** @return the record id */
    @NonNull
    public String getId() {
        return id;
    }

    /**
     * The record before the write, read inside the write's transaction with the row locked. The store
     * reads it only when the write needs it: when a {@link RecordListener} applies to the model, a write
     * scope restricts the caller, the update sets a relation key, or a relation points at the deleted
     * model (unless the model soft-deletes and no listener applies: its soft delete then runs first and the
     * relations' actions after it, with no pre-image; since 0.11.0). Any other update or delete is one statement that reads no pre-image, auto-committed outside a
     * transaction (since 0.4.0). Code that needs the stored record of such a write reads it before the
     * write: {@code RequestContext.getStoredRecord()}, or {@code lockForUpdate} in a transaction. On PostgreSQL an
     * update whose listeners all read the pre-image only after the statement
     * ({@link RecordListener#needsPreImageBeforeStatement()}) reads it in the update statement itself, under the same
     * row lock: absent in {@link RecordListener#beforeWrite}, set from {@link RecordListener#afterWrite} on.
     *
     * @return the stored record before the write (readable fields); absent on create and when the store
     *     read none
     */
    @NonNull
    public Optional<Map<String, Object>> getBefore() {
        return Optional.ofNullable(before);
    }

    /**
     * The values the statement writes, by field name: every written field on create, the changed ones
     * on update, empty on delete. {@link RecordListener#beforeWrite} may change them.
     *
     * @return the values
     */
    @NonNull
    public Map<String, Object> getValues() {
        return values;
    }

    /** @return the stored record after the write (readable fields), absent on delete and before the statement */
    @NonNull
    public Optional<Map<String, Object>> getAfter() {
        return Optional.ofNullable(after);
    }

    /** @return who the write runs for */
    @NonNull
    public StorageContext getContext() {
        return context;
    }

    /** @return whether a {@code cascade} or {@code setNull} referential action caused this write */
    public boolean isCascade() {
        return cascade;
    }

    /**
     * Whether the write removes the row from its table: a delete of a model that does not soft-delete, or a
     * {@link RecordStore#hardDelete hard delete}. A soft delete keeps the row (and what it references, such as
     * stored files); a removal does not.
     *
     * @return whether the row leaves the table; false for creates, updates and soft deletes
     * @since 0.9.0
     */
    public boolean isRemoval() {
        return removal;
    }

    /**
     * Records the stored record before the write, where the store read it with the statement
     * ({@link RecordListener#needsPreImageBeforeStatement()}); the store calls it before {@link RecordListener#afterWrite}.
     *
     * @param before the record before the write
     * @since 0.11.0
     */
    @Internal
    public void setBefore(@Nullable Map<String, Object> before) {
        this.before = before;
    }

    /**
     * Records the stored result; the store calls it after the statement.
     *
     * @param after the record after the write
     */
    @Internal
    public void setAfter(@Nullable Map<String, Object> after) {
        this.after = after;
    }

    @Override
    public String toString() {
        return "RecordChange[" + operation + " " + model.getName() + " " + id + (cascade ? " (cascade)" : "") + "]";
    }
}
