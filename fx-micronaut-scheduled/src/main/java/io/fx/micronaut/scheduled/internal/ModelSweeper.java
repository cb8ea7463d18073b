package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.scheduled.ModelSweep;
import io.fx.micronaut.scheduled.Schedule;
import io.fx.micronaut.scheduled.ScheduledAction;
import io.fx.micronaut.scheduled.ScheduledTransition;
import io.fx.micronaut.scheduled.SweepError;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One model's part of a sweep. The due rows of each schedule are read outside a transaction, oldest first, at most
 * the batch size over the model's schedules (one more read tells whether rows wait); then one transaction handles
 * them, each row under a savepoint: locked with its predicate re-checked (a row gone or no longer due is skipped),
 * then written through the record store for the sweep's system context, so scopes, record listeners (history) and
 * referential actions apply. A failing row rolls back to its savepoint and is reported; the others commit.
 */
@Internal
final class ModelSweeper {

    private static final Logger LOG = LoggerFactory.getLogger(ModelSweeper.class);

    private final ModelDescriptor model;
    private final List<DueRows> schedules;
    private final DataStore store;

    ModelSweeper(ModelDescriptor model, List<Schedule> schedules, DataStore store) {
        this.model = model;
        this.schedules = schedules.stream().map(s -> new DueRows(model, s)).toList();
        this.store = store;
    }

    String model() {
        return model.getName();
    }

    /** What one model's sweep did, with its transitions to announce once committed. */
    record Outcome(ModelSweep counts, List<SweepError> errors, List<ScheduledTransition> transitions) {
    }

    Outcome sweep(SweepContext context, Instant now, int batchSize) {
        List<Due> due = new ArrayList<>();
        boolean truncated = false;
        for (DueRows rows : schedules) {
            int left = batchSize - due.size();
            if (left <= 0) {
                // the batch is full: one more row of any later schedule means rows wait
                truncated = !store.queryPrimary(rows.select(), rows.selectParameters(now, 1)).isEmpty();
                if (truncated) {
                    break;
                }
                continue;
            }
            List<Map<String, Object>> found = store.queryPrimary(rows.select(), rows.selectParameters(now, left + 1));
            if (found.size() > left) {
                truncated = true;
                found = found.subList(0, left);
            }
            for (Map<String, Object> row : found) {
                due.add(new Due(rows, row.get("id")));
            }
            if (truncated) {
                break;
            }
        }
        if (truncated) {
            LOG.warn("Scheduled sweep of {}: more than {} rows are due; the rest wait for the next tick",
                model.getName(), batchSize);
        }
        if (due.isEmpty()) {
            return new Outcome(new ModelSweep(0, 0, 0, 0, truncated, false), List.of(), List.of());
        }
        Counts counts = new Counts();
        List<SweepError> errors = new ArrayList<>();
        List<ScheduledTransition> transitions = store.inTransaction(() -> {
            List<ScheduledTransition> done = new ArrayList<>();
            Set<String> touched = new LinkedHashSet<>();
            for (Due row : due) {
                String id = String.valueOf(row.id());
                Schedule schedule = row.rows().schedule();
                if (schedule.action() != ScheduledAction.SET_FIELD && !touched.add(id)) {
                    counts.skipped++;
                    continue;
                }
                try {
                    Optional<ScheduledTransition> transition = store.inSavepoint(() -> apply(context, row, id, now));
                    if (transition.isEmpty()) {
                        counts.skipped++;
                        continue;
                    }
                    done.add(transition.get());
                    if (schedule.action() == ScheduledAction.SET_FIELD) {
                        counts.updated++;
                    } else {
                        counts.deleted++;
                    }
                } catch (RuntimeException e) {
                    String reason = reason(e);
                    errors.add(new SweepError(model.getName(), id, reason));
                    LOG.warn("Scheduled sweep of {} record {} (field {}) failed and was rolled back: {}",
                        model.getName(), id, schedule.timestamp(), reason);
                }
            }
            return done;
        });
        return new Outcome(new ModelSweep(counts.updated, counts.deleted, counts.skipped, errors.size(), truncated,
            false), errors, transitions);
    }

    private Optional<ScheduledTransition> apply(SweepContext context, Due row, String id, Instant now) {
        DueRows rows = row.rows();
        Schedule schedule = rows.schedule();
        List<Map<String, Object>> locked = store.query(rows.lock(), rows.lockParameters(row.id(), now));
        if (locked.isEmpty()) {
            return Optional.empty();
        }
        Optional<RecordChange> change = switch (schedule.action()) {
            case SET_FIELD -> store.update(context, model, id, Map.of(schedule.field(), schedule.to()));
            case SOFT_DELETE -> store.delete(context, model, id);
            case HARD_DELETE -> store.hardDelete(context, model, id);
        };
        if (change.isEmpty()) {
            return Optional.empty();
        }
        Object from = schedule.action() == ScheduledAction.SET_FIELD
            ? (schedule.isGuarded() ? schedule.from() : locked.get(0).get(schedule.field())) : null;
        String field = schedule.action() == ScheduledAction.SET_FIELD ? schedule.field() : schedule.timestamp();
        return Optional.of(new ScheduledTransition(model.getName(), id, schedule.action(), field, from, schedule.to(),
            now));
    }

    /** The failure's kind, for the report and the log: an error code or an exception class, never a value. */
    static String reason(RuntimeException e) {
        if (e instanceof FxException fx) {
            return fx.getCode() + " (status " + fx.getStatus() + ")";
        }
        return e.getClass().getSimpleName();
    }

    private record Due(DueRows rows, Object id) {
    }

    private static final class Counts {
        int updated;
        int deleted;
        int skipped;
    }
}
