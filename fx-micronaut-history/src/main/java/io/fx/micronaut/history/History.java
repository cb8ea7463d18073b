package io.fx.micronaut.history;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelNames;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Optional;

/**
 * The names of a versioned model's history: its operation, its model and table, and the columns of a history row.
 * Read a record's rows through the model accessors with the history model's name
 * ({@code models.of(History.modelName(post)).list(...)}); the model is read-only (a write is 405).
 *
 * @since 0.8.0
 */
public final class History {

    /**
     * The operation of {@code GET {prefix}/{collection}/{id}/history}. Middleware registered for {@code READ} cover
     * it too; middleware registered for {@code READ_HISTORY} cover history requests alone.
     */
    public static final Operation READ_HISTORY = Operation.READ_HISTORY;

    /**
     * The switch of the whole module, {@code true} by default: {@code fx.history.enabled=false} registers no history
     * model, records nothing and serves no history route, whatever the models say (a benchmark's unversioned run, an
     * application that keeps history elsewhere for a while).
     */
    public static final String ENABLED = "fx.history.enabled";

    /** The sub-resource's path segment. */
    public static final String PATH = "history";

    /** The id of the record a row records. */
    public static final String RECORD_ID = "record_id";
    /** The row's version: 1 for a record's first write, one more for each write after it. */
    public static final String VERSION = "version";
    /** {@code create}, {@code update} or {@code delete} (a soft delete too). */
    public static final String OPERATION = "operation";
    /** The writer's user id; null for anonymous and system writers. */
    public static final String ACTOR_ID = "actor_id";
    /** When the write happened (UTC, microseconds). */
    public static final String TIMESTAMP = "timestamp";
    /** The request id of the write ({@code X-Request-Id}, or the background work's id). */
    public static final String REQUEST_ID = "request_id";
    /** The changed fields, {@code {field: {old, new}}} by JSON name, without {@code id}. */
    public static final String DIFF = "diff";
    /** The record after the write (before it, for a delete), with {@code id}; absent for diff-only models. */
    public static final String SNAPSHOT = "snapshot";

    /** The columns of a history table after {@code id}, in order; {@link #SNAPSHOT} only when snapshots are kept. */
    public static final List<String> COLUMNS = List.of(RECORD_ID, VERSION, OPERATION, ACTOR_ID, TIMESTAMP, REQUEST_ID,
        DIFF, SNAPSHOT);

    private History() {
    }

    /**
     * @param model a versioned model
     * @return its history model's name: {@code PostHistory} for {@code Post}
     */
    @NonNull
    public static String modelName(@NonNull ModelDescriptor model) {
        return model.getName() + "History";
    }

    /**
     * @param model a versioned model
     * @return its history table: {@code post_history} for {@code Post}, whatever the model's own table is
     */
    @NonNull
    public static String table(@NonNull ModelDescriptor model) {
        return ModelNames.snakeCase(model.getName()) + "_history";
    }

    /**
     * @param registry the models
     * @param model    a model
     * @return its history model, when the model is versioned
     */
    @NonNull
    public static Optional<ModelDescriptor> historyModel(@NonNull ModelRegistry registry, @NonNull ModelDescriptor model) {
        if (model.getVersioning().isEmpty()) {
            return Optional.empty();
        }
        return registry.getModels().stream().filter(m -> m.getName().equals(modelName(model))).findFirst();
    }
}
