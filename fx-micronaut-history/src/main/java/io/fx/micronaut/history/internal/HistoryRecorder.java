package io.fx.micronaut.history.internal;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.history.History;
import io.fx.micronaut.history.HistoryErrorCodes;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;
import io.fx.micronaut.model.Versioning;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes a versioned model's history rows: one per record a write touches (cascade and {@code setNull} rows too,
 * which the store reports row by row because this listener applies), in the write's transaction, after the
 * statement. One {@code INSERT ... SELECT} computes the version (one more than the record's highest) and inserts the
 * row, under a savepoint on a database server; a concurrent writer that took the same version (a unique violation)
 * makes it try again, five times at most.
 *
 * <p>A failed history write rolls back to its savepoint, is logged once (model, record id, request id and the
 * failure's kind; never values) and counted ({@code fx.history.failures{model}} with Micrometer), and the write
 * stands; with {@code versionedRequired} the write fails instead: 500 {@code HISTORY_WRITE_FAILED}, or 409
 * {@code CONFLICT} when the retries ran out, and its transaction rolls back.</p>
 */
@Singleton
@Requires(property = History.ENABLED, notEquals = "false")
final class HistoryRecorder implements RecordListener {

    private static final Logger LOG = LoggerFactory.getLogger(HistoryRecorder.class);
    private static final int ATTEMPTS = 5;
    private static final String UNIQUE_VIOLATION = "23505";

    private final DataStore store;
    private final RecordRenderer renderer;
    private final HistoryFailures failures;
    /** The insert of each versioned model, by model name, built on its first write. */
    private final Map<String, String> statements = new java.util.concurrent.ConcurrentHashMap<>();

    HistoryRecorder(DataStore store, RecordRenderer renderer, @Nullable HistoryFailures failures) {
        this.store = store;
        this.renderer = renderer;
        this.failures = failures;
    }

    @Override
    public int getOrder() {
        // after the listeners that may still refuse the write, so a refused write costs no history row
        return LOWEST_PRECEDENCE - 100;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        return model.getVersioning().isPresent() && !model.isSynthetic();
    }

    /** The entry is written after the statement, from both images: on PostgreSQL the update reads its pre-image. */
    @Override
    public boolean needsPreImageBeforeStatement() {
        return false;
    }

    @Override
    public void afterWrite(@NonNull RecordChange change) {
        ModelDescriptor model = change.getModel();
        Versioning versioning = model.getVersioning().orElseThrow();
        HistoryEntry entry = HistoryEntry.of(change, renderer);
        String insert = statements.computeIfAbsent(model.getName(),
            name -> insertStatement(History.table(model), versioning.diffOnly()));
        List<Object> values = values(change, entry, versioning.diffOnly());
        for (int attempt = 1; ; attempt++) {
            try {
                if (store.isActive() && !store.isEmbedded()) {
                    // PostgreSQL aborts the whole transaction on a failed statement, H2 only the statement
                    store.inSavepoint(() -> store.execute(insert, values));
                } else {
                    store.execute(insert, values);
                }
                return;
            } catch (RuntimeException e) {
                boolean raced = uniqueViolation(e);
                if (raced && attempt < ATTEMPTS) {
                    continue;
                }
                failed(change, versioning, e, raced);
                return;
            }
        }
    }

    /**
     * One statement: the row, its version one more than the record's highest (read through the unique index on
     * {@code (record_id, version DESC)}) in the same statement, so no round trip comes between the read and the
     * insert. Its parameters are the row's columns but the version, then the record id of the {@code WHERE}.
     */
    private static String insertStatement(String table, boolean diffOnly) {
        List<String> columns = new ArrayList<>();
        columns.add("id");
        columns.addAll(diffOnly ? History.COLUMNS.subList(0, History.COLUMNS.size() - 1) : History.COLUMNS);
        List<String> selected = new ArrayList<>();
        for (String column : columns) {
            selected.add(column.equals(History.VERSION) ? "COALESCE(MAX(" + quote(History.VERSION) + "), 0) + 1" : "?");
        }
        return "INSERT INTO " + quote(table) + " (" + String.join(", ", columns.stream().map(HistoryRecorder::quote)
            .toList()) + ") SELECT " + String.join(", ", selected) + " FROM " + quote(table) + " WHERE "
            + quote(History.RECORD_ID) + " = ?";
    }

    /** Quoted as the migration created them (lower-case, quoted), in the SQL both databases accept. */
    private static String quote(String identifier) {
        return '"' + identifier + '"';
    }

    private List<Object> values(RecordChange change, HistoryEntry entry, boolean diffOnly) {
        StorageContext context = change.getContext();
        // every column but the version, which the statement computes
        List<Object> values = new ArrayList<>(10);
        values.add(UUID.randomUUID().toString());
        values.add(change.getId());
        values.add(entry.operation());
        values.add(actor(context));
        values.add(writeInstant(change));
        values.add(context.getRequestId());
        values.add(json(entry.diff()));
        if (!diffOnly) {
            values.add(json(entry.snapshot()));
        }
        values.add(change.getId()); // the WHERE of the version's MAX
        return values;
    }

    private String json(Map<String, Object> value) {
        return new String(renderer.toJson(value), StandardCharsets.UTF_8);
    }

    private static String actor(StorageContext context) {
        AuthInfo principal = context.getPrincipal().orElse(null);
        if (principal == null || principal.identityType() == IdentityType.SYSTEM
            || principal.identityType() == IdentityType.ANONYMOUS) {
            return null;
        }
        return principal.userId();
    }

    /** The write's instant: the record's {@code updated_at} when the write stamped one, else now (microseconds). */
    private static Instant writeInstant(RecordChange change) {
        Object stamped = change.getAfter().map(after -> after.get("updated_at")).orElse(null);
        return stamped instanceof Instant instant ? instant : Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    private void failed(RecordChange change, Versioning versioning, RuntimeException e, boolean raced) {
        if (failures != null) {
            failures.failed(change.getModel().getName());
        }
        LOG.error("Could not record the history of {} {} (request {}): {}{}", change.getModel().getName(),
            change.getId(), change.getContext().getRequestId(), kind(e),
            versioning.required() ? "; the write is rolled back (versionedRequired)" : "; the write stands");
        if (!versioning.required()) {
            return;
        }
        if (raced) {
            throw ErrorCode.CONFLICT.exception("Concurrent writes kept taking the record's next history version; "
                + "retry the request");
        }
        // without the cause: what the database said may quote values, and the request's error log would print it;
        // the failure's kind was logged above
        throw HistoryErrorCodes.HISTORY_WRITE_FAILED.exception("The change history could not be recorded");
    }

    /** The failure's kind for the log: exception classes and SQL states, never messages (they may carry values). */
    private static String kind(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null && out.length() < 300; t = t.getCause()) {
            if (!out.isEmpty()) {
                out.append(" <- ");
            }
            out.append(t.getClass().getSimpleName());
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                out.append(" (SQLState ").append(sql.getSQLState()).append(')');
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return out.toString();
    }

    private static boolean uniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
                return true;
            }
            if (t.getCause() == t) {
                return false;
            }
        }
        return false;
    }
}
