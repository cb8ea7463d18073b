package io.fx.micronaut.db;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * What one migration run did: the tables it created, the columns it added ({@code table.column}) and the
 * schema drift it found and kept (an extra column, a column of another type), each drift a sentence. Auto-migration
 * never drops, so drift is only reported. Returned by {@link SchemaMigration#migrate} and
 * {@link io.fx.micronaut.lifecycle.FxMigration#migrate()}, so that an explicit migration (a deployment step, a
 * Lambda migration function) can say what it changed.
 *
 * @param tablesCreated the tables created, in model order
 * @param columnsAdded  the columns added, as {@code table.column}, in model order
 * @param drift         the drift found, one sentence each
 * @since 0.9.0
 */
public record MigrationReport(@NonNull List<String> tablesCreated, @NonNull List<String> columnsAdded,
                              @NonNull List<String> drift) {

    /** The report of a run that found nothing to do. */
    public static final MigrationReport EMPTY = new MigrationReport(List.of(), List.of(), List.of());

    /**
     * @param tablesCreated the tables created
     * @param columnsAdded  the columns added, as {@code table.column}
     * @param drift         the drift found
     */
    public MigrationReport {
        tablesCreated = List.copyOf(tablesCreated);
        columnsAdded = List.copyOf(columnsAdded);
        drift = List.copyOf(drift);
    }

    /** @return whether the run changed the schema */
    public boolean changed() {
        return !tablesCreated.isEmpty() || !columnsAdded.isEmpty();
    }
}
