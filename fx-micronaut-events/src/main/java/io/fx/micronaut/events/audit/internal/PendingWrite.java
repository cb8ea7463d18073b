package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.events.audit.AuditCaller;
import io.fx.micronaut.events.audit.AuditOptions;
import io.fx.micronaut.model.AttributeKey;
import io.micronaut.core.annotation.Internal;

/**
 * The audited write of one request between its statement and its outcome. A commit makes the {@code success}
 * record at once; a rollback waits for the answer (its status and code) unless a retry of the write commits
 * after it.
 */
@Internal
final class PendingWrite {

    static final AttributeKey<PendingWrite> KEY = AttributeKey.of("fx.audit.pending-write", PendingWrite.class);

    private final AuditCaller caller;
    private final AuditOptions options;
    private RecordChange change;
    private boolean rolledBack;
    private boolean recorded;

    PendingWrite(AuditCaller caller, AuditOptions options) {
        this.caller = caller;
        this.options = options;
    }

    AuditCaller caller() {
        return caller;
    }

    AuditOptions options() {
        return options;
    }

    synchronized RecordChange change() {
        return change;
    }

    /**
     * @param attempt a write of the request's model and operation
     * @return whether it is this request's audited write: the first one, or a rerun of it (same record id) after a
     *     serialisation failure, whose images then replace the first attempt's
     */
    synchronized boolean track(RecordChange attempt) {
        if (change != null && !change.getId().equals(attempt.getId())) {
            return false;
        }
        this.change = attempt;
        return true;
    }

    /** @return whether the commit is this write's outcome (nothing recorded yet) */
    synchronized boolean committed() {
        if (recorded) {
            return false;
        }
        recorded = true;
        return true;
    }

    synchronized void rolledBack() {
        rolledBack = true;
    }

    /** @return whether the write rolled back and nothing committed it since: its failure is still to record */
    synchronized boolean failureToRecord() {
        if (recorded || !rolledBack) {
            return false;
        }
        recorded = true;
        return true;
    }
}
