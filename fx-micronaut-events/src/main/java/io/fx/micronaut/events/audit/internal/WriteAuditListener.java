package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditOptions;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.FieldChange;
import io.fx.micronaut.events.audit.FxAudit;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * Follows the write of each request that an {@link FxAudit#auditLog} registration covers into its transaction:
 * before the statement it registers the after-commit and after-rollback callbacks on that transaction (the
 * request's own, or the one the store opens for the write), so the outcome is the database's. A commit records
 * {@code success} (with an update's changes, when wanted) on the spot; a rollback is recorded as {@code failure}
 * once the answer is known ({@link AuditCompletion}), since its status and code come from the error it becomes.
 * The request's write is the first write of its model and operation (for an update or delete, of the record its
 * path names) that the request makes; writes of other models, cascaded rows, further writes, the writes of custom
 * actions and background work record nothing.
 */
@Internal
@Singleton
final class WriteAuditListener implements RecordListener {

    /** Early, so a later listener that refuses the write still finds the callbacks registered. */
    private static final int ORDER = -1000;

    private final FxAudit audit;
    private final AuditCallers callers;
    private final AuditDispatcher dispatcher;
    private final RecordRenderer renderer;
    private final BeanProvider<MiddlewareInventory> pipeline;

    /**
     * @param pipeline the compiled pipeline: asked for before deciding which models are audited, so that every
     *                 {@link FxAudit#auditLog} registration is bound by then
     */
    WriteAuditListener(FxAudit audit, AuditCallers callers, AuditDispatcher dispatcher, RecordRenderer renderer,
                       BeanProvider<MiddlewareInventory> pipeline) {
        this.audit = audit;
        this.callers = callers;
        this.dispatcher = dispatcher;
        this.renderer = renderer;
        this.pipeline = pipeline;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        pipeline.get();
        return audit.auditsWritesOf(model);
    }

    @Override
    public void beforeWrite(@NonNull RecordChange change) {
        if (change.isCascade() || !(change.getContext() instanceof RequestContext request)
            || !isTheRequestsWrite(request, change)) {
            return;
        }
        AuditOptions options = audit.writeAudit(change.getModel(), change.getOperation()).orElse(null);
        if (options == null) {
            return;
        }
        PendingWrite pending = request.attributes().get(PendingWrite.KEY).orElse(null);
        if (pending == null) {
            pending = new PendingWrite(callers.of(request), options);
            request.attributes().put(PendingWrite.KEY, pending);
        }
        if (!pending.track(change)) {
            return;
        }
        PendingWrite tracked = pending;
        request.transaction().afterCommit(() -> {
            if (tracked.committed()) {
                dispatcher.submit(success(tracked));
            }
        });
        request.transaction().afterRollback(tracked::rolledBack);
    }

    private static boolean isTheRequestsWrite(RequestContext request, RecordChange change) {
        ModelDescriptor model = request.findModel().orElse(null);
        return model != null && model.getName().equals(change.getModel().getName())
            && request.getOperation().equals(Operation.named(change.getOperation().name()))
            && (change.getOperation() == WriteOperation.CREATE
                || request.getRecordId().map(id -> id.equalsIgnoreCase(change.getId())).orElse(false));
    }

    private AuditRecord success(PendingWrite pending) {
        RecordChange change = pending.change();
        Map<String, FieldChange> changes = pending.options().changes()
            && change.getOperation() == WriteOperation.UPDATE ? ChangeSet.of(renderer, change) : Map.of();
        return new AuditRecord(AuditKind.WRITE, Instant.now(), change.getModel().getName(), operation(change),
            change.getId(), null, pending.caller(), AuditRecord.SUCCESS, null, null, changes);
    }

    static String operation(RecordChange change) {
        return change.getOperation().name().toLowerCase(Locale.ROOT);
    }
}
