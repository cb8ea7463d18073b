package io.fx.micronaut.events.audit;

import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Chooses what is audited. {@link #auditLog(AuditOptions)} on the DB step audits writes: one record per write
 * that reaches the DB step, once its transaction committed ({@code success}) or rolled back ({@code failure},
 * with the response's status and error code); a write refused before the DB step records nothing.
 * {@link #readAudit()} on the Response step audits successful reads, lists and history reads. Records go to the
 * sinks {@code fx.audit.write.sink} and {@code fx.audit.read.sink} name ({@link AuditSink}), off the request's
 * thread: the response never waits for a sink, and a sink never changes it. {@code fx.audit.write.*} and
 * {@code fx.audit.read.*} register the same from configuration.
 *
 * <pre>{@code
 * @Singleton
 * final class Audit implements PipelineConfigurer {
 *     private final FxAudit audit;
 *     Audit(FxAudit audit) { this.audit = audit; }
 *     public void configure(MiddlewareRegistry registry) {
 *         registry.use(Step.DB, audit.auditLog(AuditOptions.withChanges()), MiddlewareOptions.after());
 *         registry.use(Step.RESPONSE, audit.readAudit(), MiddlewareOptions.after().models("Post"));
 *     }
 * }
 * }</pre>
 *
 * @since 0.8.0
 */
@Singleton
public final class FxAudit {

    private static final List<Operation> READS = List.of(Operation.READ, Operation.LIST, Operation.READ_HISTORY);
    private static final AttributeKey<Boolean> READ_AUDITED = AttributeKey.of("fx.audit.read", Boolean.class);

    private final Map<String, Map<WriteOperation, AuditOptions>> writes = new ConcurrentHashMap<>();
    private final Map<String, List<Operation>> reads = new ConcurrentHashMap<>();

    /** @return {@link #auditLog(AuditOptions)} without changes */
    @NonNull
    public Middleware auditLog() {
        return auditLog(AuditOptions.defaults());
    }

    /**
     * @param options whether updates carry their changes
     * @return the write audit, to register on the DB step at position {@code AFTER}, or {@code BEFORE} with
     *     {@link AuditOptions#withChanges()}; any other place fails startup. Either way the changes are the
     *     store's own ({@code RequestContext.getRecordChange()}'s before and after).
     */
    @NonNull
    public Middleware auditLog(@NonNull AuditOptions options) {
        return new AuditLog(options);
    }

    /**
     * @return the read audit, to register on the Response step at position {@code AFTER}; any other place fails
     *     startup. It records 2xx answers to {@code READ}, {@code LIST} and {@code READ_HISTORY} only.
     */
    @NonNull
    public Middleware readAudit() {
        return new ReadAudit();
    }

    /**
     * @param model a model
     * @return whether any write of the model is audited
     */
    public boolean auditsWritesOf(@NonNull ModelDescriptor model) {
        return writes.containsKey(model.getName());
    }

    /**
     * @param model     a model
     * @param operation a write
     * @return the options that write is audited with; empty when it is not audited
     */
    @NonNull
    public Optional<AuditOptions> writeAudit(@NonNull ModelDescriptor model, @NonNull WriteOperation operation) {
        Map<WriteOperation, AuditOptions> operations = writes.get(model.getName());
        return operations == null ? Optional.empty() : Optional.ofNullable(operations.get(operation));
    }

    /**
     * @param context a request that has been answered
     * @return whether a {@link #readAudit()} registration saw it answered with a 2xx read, list or history read
     */
    public boolean isReadAudited(@NonNull RequestContext context) {
        return context.attributes().has(READ_AUDITED);
    }

    private void bindWrite(ModelBinding binding, AuditOptions options) {
        boolean placed = binding.step() == Step.DB && (binding.position() == Position.AFTER
            || binding.position() == Position.BEFORE && options.changes());
        if (!placed) {
            throw new FxConfigurationException("FxAudit.auditLog() is registered on the " + binding.step()
                + " step at position " + binding.position() + " for model " + binding.model().getName()
                + "; register it on the DB step at position AFTER, or BEFORE with AuditOptions.withChanges()");
        }
        Map<WriteOperation, AuditOptions> covered = new EnumMap<>(WriteOperation.class);
        for (WriteOperation operation : WriteOperation.values()) {
            if (binding.covers(Operation.named(operation.name()))) {
                covered.put(operation, options);
            }
        }
        if (covered.isEmpty()) {
            return;
        }
        writes.merge(binding.model().getName(), Map.copyOf(covered), (a, b) -> {
            Map<WriteOperation, AuditOptions> both = new EnumMap<>(a);
            b.forEach((operation, more) -> both.merge(operation, more,
                (x, y) -> new AuditOptions(x.changes() || y.changes())));
            return Map.copyOf(both);
        });
    }

    private void bindRead(ModelBinding binding) {
        if (binding.step() != Step.RESPONSE || binding.position() != Position.AFTER) {
            throw new FxConfigurationException("FxAudit.readAudit() is registered on the " + binding.step()
                + " step at position " + binding.position() + " for model " + binding.model().getName()
                + "; register it on the RESPONSE step at position AFTER");
        }
        List<Operation> covered = READS.stream().filter(binding::covers).toList();
        if (!covered.isEmpty()) {
            reads.merge(binding.model().getName(), covered, (a, b) -> Stream.concat(a.stream(),
                b.stream()).distinct().toList());
        }
    }

    private boolean readsAudited(RequestContext context) {
        List<Operation> operations = context.findModel().map(m -> reads.get(m.getName())).orElse(null);
        return operations != null && operations.contains(context.getOperation());
    }

    /** Runs on the DB step; the records come from the write's transaction, so it only lets the request through. */
    private final class AuditLog implements ModelBoundMiddleware {

        private final AuditOptions options;

        AuditLog(AuditOptions options) {
            this.options = options;
        }

        @Override
        public void bind(@NonNull ModelBinding binding) {
            bindWrite(binding, options);
        }

        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            next.next();
        }

        @Override
        public String toString() {
            return "FxAudit.auditLog(" + options + ")";
        }
    }

    /** Runs after the Response step and marks a 2xx read for the record made once the answer is complete. */
    private final class ReadAudit implements ModelBoundMiddleware {

        @Override
        public void bind(@NonNull ModelBinding binding) {
            bindRead(binding);
        }

        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            next.next();
            int status = context.response().find().map(FxResponse::status).orElse(0);
            if (status >= 200 && status < 300 && !context.response().isAborted() && readsAudited(context)) {
                context.attributes().put(READ_AUDITED, Boolean.TRUE);
            }
        }

        @Override
        public String toString() {
            return "FxAudit.readAudit()";
        }
    }
}
