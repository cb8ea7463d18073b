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
 * listener observes (and that needs nothing else) runs as one statement.</p>
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
     * {@link #beforeWrite}: whether this listener is called for that write. Deletes, and every row a referential
     * action touches, are always reported.
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
     * Before the statement runs. The change's {@link RecordChange#getValues() values} may be changed
     * (create and update); throwing refuses the write.
     *
     * @param change the write about to happen; {@code before} is set for update and delete
     */
    default void beforeWrite(@NonNull RecordChange change) {
    }

    /**
     * After the statement ran, in the same transaction; throwing rolls the write back.
     *
     * @param change the write that happened; {@code after} is set for create and update
     */
    default void afterWrite(@NonNull RecordChange change) {
    }
}
