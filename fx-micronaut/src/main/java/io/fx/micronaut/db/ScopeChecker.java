package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

/**
 * Whether a record lies inside a caller's scope, soft-deleted or not: the full read scope every
 * {@link ScopeResolver} resolves for the caller, applied to the stored row, without the live-row condition. A
 * store that can answer it offers it through {@link RecordStore#scopeChecker()}; a sub-resource that must reach
 * soft-deleted records its caller may see (a record's change history, including its delete entry) gates on it.
 *
 * @since 0.8.0
 */
@FunctionalInterface
public interface ScopeChecker {

    /**
     * @param context the caller
     * @param model   the model
     * @param id      the record id, as a client sent it (a malformed id exists nowhere)
     * @return whether a row with that id exists, soft-deleted or not, and the caller's scope admits it
     */
    boolean existsInScope(@NonNull StorageContext context, @NonNull ModelDescriptor model, @NonNull String id);
}
