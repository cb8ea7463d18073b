package io.fx.micronaut.model;

/**
 * A model's change history: every create, update and delete of one of its records adds a row to the table of
 * its history model ({@code <Model>History}, table {@code <snake_case model name>_history}), in the write's own
 * transaction, and {@code GET {prefix}/{collection}/{id}/history} reads them newest first. Turned on with
 * {@code @FxModel(versioned = true)}, {@code @Fx("versioned")} on the model class or
 * {@link ModelOptions#versioning(Versioning)}.
 *
 * @param diffOnly whether history rows keep the changed fields only, without a snapshot of the record
 * @param required whether a failed history write fails the write (rolled back, 500 {@code HISTORY_WRITE_FAILED});
 *                 otherwise it is logged and counted and the write stands
 * @since 0.8.0
 */
public record Versioning(boolean diffOnly, boolean required) {

    /** Snapshots kept, a failed history write logged and counted. */
    public static final Versioning DEFAULT = new Versioning(false, false);
}
