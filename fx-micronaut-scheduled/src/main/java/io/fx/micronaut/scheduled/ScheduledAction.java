package io.fx.micronaut.scheduled;

/**
 * What a scheduled field does to its row once its moment has passed.
 *
 * @since 0.9.0
 */
public enum ScheduledAction {
    /** Sets another field of the row ({@code scheduled;field=NAME;to=VALUE}, guarded with {@code from=OLD}). */
    SET_FIELD,
    /** Soft-deletes the row ({@code scheduled;soft-delete}); the model must soft-delete. */
    SOFT_DELETE,
    /** Removes the row from its table, soft-deleted rows too ({@code scheduled;hard-delete}). */
    HARD_DELETE
}
