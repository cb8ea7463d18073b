/**
 * Per-record change history. A model opts in with {@code @FxModel(versioned = true)} (or {@code @Fx("versioned")}
 * on its class, or {@code ModelOptions.versioning}); each create, update and delete of one of its records then adds
 * a row to its history model ({@code <Model>History}, table {@code <snake_case model>_history}) in the write's own
 * transaction, through a {@link io.fx.micronaut.db.RecordListener}, so accessor, action and background writes and
 * every row a cascade or {@code setNull} touches are recorded too, and a rolled-back write leaves none. Raw SQL
 * records nothing. {@code GET {prefix}/{collection}/{id}/history} reads a record's rows, newest first, through the
 * pipeline of {@link History#READ_HISTORY}. The implementation lives in {@code internal}.
 *
 * @since 0.8.0
 */
package io.fx.micronaut.history;
