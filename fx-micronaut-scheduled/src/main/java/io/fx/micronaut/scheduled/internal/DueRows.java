package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.scheduled.Schedule;
import io.fx.micronaut.scheduled.ScheduledAction;
import io.micronaut.core.annotation.Internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of one schedule, rendered once: which rows are due (the timestamp set and passed; a guarded set-field's
 * field holding {@code from}, an unguarded one's not yet {@code to}; live rows, except for a hard delete, which
 * purges soft-deleted ones too), oldest first, and the same predicate on one row under a lock, which a sweep
 * re-checks before it writes. Identifiers are quoted as the migration created them.
 *
 * <p>The timestamp condition is a closed range from {@link #NOT_BEFORE}, never {@code IS NOT NULL}: H2 keeps nulls
 * first in an index and walks every one of them for {@code <= now} (a sweep of a table of 270,000 rows, none due,
 * took seconds); a lower bound starts the index range after them on every database. A timestamp before 1583 (the
 * first whole Gregorian year, so the bound survives every JDBC calendar conversion) is therefore never due.
 */
@Internal
final class DueRows {

    /** The earliest due timestamp: the start of the index range a sweep reads. */
    static final Instant NOT_BEFORE = Instant.parse("1583-01-01T00:00:00Z");

    private final Schedule schedule;
    private final String select;
    private final String lock;
    private final List<Object> predicateValues;

    DueRows(ModelDescriptor model, Schedule schedule) {
        this.schedule = schedule;
        String table = quote(model.getTable());
        String timestamp = quote(schedule.timestamp());
        StringBuilder predicate = new StringBuilder(timestamp).append(" >= ? AND ").append(timestamp).append(" <= ?");
        List<Object> values = new ArrayList<>(2);
        if (schedule.action() == ScheduledAction.SET_FIELD) {
            String field = quote(schedule.field());
            if (schedule.isGuarded()) {
                predicate.append(" AND ").append(field).append(" = ?");
                values.add(schedule.from());
            } else {
                predicate.append(" AND (").append(field).append(" IS NULL OR ").append(field).append(" <> ?)");
                values.add(schedule.to());
            }
        }
        if (schedule.action() != ScheduledAction.HARD_DELETE) {
            model.getSoftDeleteField().ifPresent(marker -> predicate.append(" AND ").append(live(model, marker)));
        }
        this.predicateValues = List.copyOf(values);
        String selected = schedule.field() == null ? quote("id") : quote("id") + ", " + quote(schedule.field());
        this.select = "SELECT " + quote("id") + " FROM " + table + " WHERE " + predicate + " ORDER BY " + timestamp
            + ", " + quote("id") + " LIMIT ?";
        this.lock = "SELECT " + selected + " FROM " + table + " WHERE " + quote("id") + " = ? AND " + predicate
            + " FOR UPDATE";
    }

    Schedule schedule() {
        return schedule;
    }

    /** @return the due-rows query, binding {@link #selectParameters} */
    String select() {
        return select;
    }

    List<Object> selectParameters(Instant now, int limit) {
        List<Object> parameters = new ArrayList<>(predicateValues.size() + 3);
        parameters.add(NOT_BEFORE);
        parameters.add(now);
        parameters.addAll(predicateValues);
        parameters.add(limit);
        return parameters;
    }

    /** @return the row-lock query that re-checks the predicate, binding {@link #lockParameters} */
    String lock() {
        return lock;
    }

    List<Object> lockParameters(Object id, Instant now) {
        List<Object> parameters = new ArrayList<>(predicateValues.size() + 3);
        parameters.add(id);
        parameters.add(NOT_BEFORE);
        parameters.add(now);
        parameters.addAll(predicateValues);
        return parameters;
    }

    private static String live(ModelDescriptor model, FieldDescriptor marker) {
        String column = quote(marker.name());
        return model.getSoftDelete() == SoftDelete.TIMESTAMP ? column + " IS NULL"
            : "(" + column + " IS NULL OR " + column + " = FALSE)";
    }

    static String quote(String identifier) {
        return '"' + identifier + '"';
    }
}
