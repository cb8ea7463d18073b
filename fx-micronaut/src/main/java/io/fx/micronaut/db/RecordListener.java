package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;

import java.util.Map;

/**
 * Sees every record a write touches, inside the write's transaction. Register implementations as
 * beans (ordered by {@link Ordered}). The store calls them for writes of the generated routes, for
 * model-accessor writes, and for every record a {@code cascade} or {@code setNull} referential action
 * touches: when a listener applies to a child model, the store performs those edges row by row so
 * each child is reported; when none does, it keeps the bulk statement.
 *
 * <p>Raw SQL run through {@code execute} calls no listener.</p>
 *
 * <p>An {@link io.fx.micronaut.exception.FxException} thrown by a listener refuses the whole write
 * (cascades included) with its status and code; any other exception is 500 {@code PANIC}; either way
 * the transaction rolls back and nothing is written. Work that must wait until the data is durable
 * belongs in {@link DataStore#afterCommit}.</p>
 *
 * <p>A listener costs every write of its models a transaction and, for updates and deletes, a read of the row
 * under lock. One that needs only some creates or updates says so in {@link #observes}: a create or update that no
 * listener observes (and that needs nothing else) runs as one statement. One that reads the pre-image of an update only
 * after the statement says so in {@link #needsPreImageBeforeStatement}: on PostgreSQL the update then reads it in
 * its own statement.</p>
 *
 * @since 0.3.0
 */
public interface RecordListener extends Ordered {

    /**
     * Decided once per model at startup.
     *
     * @param model a registered model
     * @return whether this listener wants that model's writes
     */
    default boolean appliesTo(@NonNull ModelDescriptor model) {
        return true;
    }

    /**
     * Asked before each create and update of a model it {@linkplain #appliesTo applies to}, before any listener's
     * {@link #beforeWrite}: whether this listener is called for that write. Deletes (soft ones unless
     * {@link #observesSoftDeletes} says otherwise), and every row a referential action touches, are always reported.
     *
     * @param model     the model written
     * @param operation {@link WriteOperation#CREATE} or {@link WriteOperation#UPDATE}
     * @param values    the values the write sets: every stored field of a create, the changed fields of an update
     *                  (read only)
     * @return whether to call this listener for the write; true by default
     * @since 0.10.0
     */
    default boolean observes(@NonNull ModelDescriptor model, @NonNull WriteOperation operation,
                             @NonNull Map<String, Object> values) {
        return true;
    }

    /**
     * Decided once per model at startup, for a model that soft-deletes: whether this listener is called for a soft
     * delete by id (a delete that keeps the row). A listener with nothing to do when a row is only marked deleted (the
     * files module's, which deletes stored files only with the row) says {@code false}, so that such a delete needs no
     * pre-image for it. Hard deletes, and the rows a referential action touches, are always reported.
     *
     * @param model a model it {@linkplain #appliesTo applies to} that soft-deletes
     * @return true (the default) to be called for the model's soft deletes
     * @since 0.11.0
     */
    default boolean observesSoftDeletes(@NonNull ModelDescriptor model) {
        return true;
    }

    /**
     * Whether this listener's {@link #beforeWrite} of an update needs the record as it was
     * ({@link RecordChange#getBefore()}) before the statement runs. A listener that reads the pre-image only in
     * {@link #afterWrite} (or later, from the change it kept) says {@code false}. When every listener of an update
     * says so, a database that can return the row as it was together with the row as the update left it
     * (PostgreSQL: {@code UPDATE … FROM (SELECT … FOR UPDATE) … RETURNING}, old and new) reads the pre-image in the
     * update statement itself, one round trip instead of two; {@link #beforeWrite} then runs before the statement
     * with {@code before} absent, and possibly for an update that matches no record (answered 404). Other databases,
     * and updates with any listener that says {@code true}, read the pre-image first. Deletes and the rows a
     * referential action touches always read it first.
     *
     * @return true (the default) when {@link #beforeWrite} of an update reads {@code before}
     * @since 0.11.0
     */
    default boolean needsPreImageBeforeStatement() {
        return true;
    }

    /**
     * Before the statement runs. The change's {@link RecordChange#getValues() values} may be changed
     * (create and update); throwing refuses the write.
     *
     * @param change the write about to happen; {@code before} is set for delete, and for update unless every
     *               listener of the update said it needs no pre-image before the statement
     *               ({@link #needsPreImageBeforeStatement()})
     */
    default void beforeWrite(@NonNull RecordChange change) {
    }

    /**
     * After the statement ran, in the same transaction; throwing rolls the write back.
     *
     * @param change the write that happened; {@code after} is set for create and update, {@code before} for
     *               update and delete where the store read it (see {@link RecordChange#getBefore()})
     */
    default void afterWrite(@NonNull RecordChange change) {
    }
}
