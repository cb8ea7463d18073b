package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.db.Page;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.FxAudit;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.RequestObserver;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/**
 * Makes the records that wait for a request's answer: the {@code failure} record of an audited write that rolled
 * back (with the answer's status and error code), and the record of a read the {@link FxAudit#readAudit()}
 * middleware saw answered with a 2xx. Runs once the answer is built, on the request's thread, and only queues the
 * record.
 */
@Internal
@Singleton
final class AuditCompletion implements RequestObserver {

    private final FxAudit audit;
    private final AuditCallers callers;
    private final AuditDispatcher dispatcher;

    AuditCompletion(FxAudit audit, AuditCallers callers, AuditDispatcher dispatcher) {
        this.audit = audit;
        this.callers = callers;
        this.dispatcher = dispatcher;
    }

    @Override
    public void onComplete(@NonNull RequestContext context, int status, long durationNanos) {
        PendingWrite pending = context.attributes().get(PendingWrite.KEY).orElse(null);
        if (pending != null && pending.failureToRecord()) {
            var change = pending.change();
            dispatcher.submit(new AuditRecord(AuditKind.WRITE, Instant.now(), change.getModel().getName(),
                WriteAuditListener.operation(change), change.getId(), null, pending.caller(), AuditRecord.FAILURE,
                status, errorCode(context), Map.of()));
        }
        if (status >= 200 && status < 300 && audit.isReadAudited(context)) {
            dispatcher.submit(read(context));
        }
    }

    private AuditRecord read(RequestContext context) {
        OperationResult result = context.payload().getResult().orElse(null);
        Operation operation = context.getOperation();
        String recordId = null;
        Integer count = null;
        if (result instanceof OperationResult.RecordResult record) {
            Object id = record.record().get("id");
            recordId = id != null ? String.valueOf(id) : context.getRecordId().orElse(null);
        } else {
            recordId = operation.equals(Operation.LIST) ? null : context.getRecordId().orElse(null);
            count = rows(result);
        }
        return new AuditRecord(AuditKind.READ, Instant.now(), context.getModel().getName(),
            operation.name().toLowerCase(Locale.ROOT), recordId, count, callers.of(context), null, null, null, Map.of());
    }

    @Nullable
    private static Integer rows(@Nullable OperationResult result) {
        if (result instanceof OperationResult.PageResult page) {
            return page.page().rows().size();
        }
        if (result instanceof OperationResult.ValueResult value) {
            if (value.value() instanceof Page page) {
                return page.rows().size();
            }
            if (value.value() instanceof Collection<?> rows) {
                return rows.size();
            }
        }
        return null;
    }

    @Nullable
    private static String errorCode(RequestContext context) {
        Object body = context.response().find().map(FxResponse::body).orElse(null);
        if (body instanceof Map<?, ?> envelope && envelope.get("error") instanceof Map<?, ?> error
            && error.get("code") instanceof String code) {
            return code;
        }
        // a client that went away is answered 499 without a body
        return context.view().isClientClosed() ? ErrorCode.CLIENT_CLOSED_REQUEST.name() : null;
    }
}
