package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.config.TotalMode;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.ScopeChecker;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordIds;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The DB step's default: one {@link DataStore} call per operation, for the request's
 * {@link RequestContext context} (so its scopes hold and record listeners see it). The call joins the
 * active transaction or owns one of its own, which rolls back when the client went away before the
 * commit. A missing record, one outside the caller's scope, or an id that is not a UUID, is 404
 * {@code NOT_FOUND}; a UUID names its record in any case ({@link RecordIds}). After an update or delete
 * the change is on the context ({@link RequestContext#getRecordChange()}) and, when the write read one (see
 * {@link RecordChange#getBefore()}), the pre-image read under lock ({@link RequestContext#getStoredRecord()}).
 *
 * @since 0.1.0
 */
@Singleton
@Order(500)
public class DefaultDbStep implements PipelineStep {

    @Override
    @NonNull
    public Step step() {
        return Step.DB;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        DataStore store = context.getDataStore();
        ModelDescriptor model = context.getModel();
        SubResource subResource = context.findSubResource().orElse(null);
        if (subResource != null) {
            context.setStoredRecord(parent(context, store, model, subResource).orElseThrow(() -> notFound(model)));
            context.payload().setResult(OperationResult.value(subResource.load(context)));
            next.next();
            return;
        }
        Operation operation = context.getOperation();
        if (operation.equals(Operation.LIST)) {
            context.payload().setResult(OperationResult.page(store.list(context, model, context.payload().getQuery())));
        } else if (operation.equals(Operation.READ)) {
            context.payload().setResult(OperationResult.record(store.read(context, model, id(context), includes(context))
                .orElseThrow(() -> notFound(model))));
        } else if (operation.equals(Operation.CREATE)) {
            context.payload().setResult(OperationResult.record(store.create(context, model, body(context))));
        } else if (operation.equals(Operation.UPDATE)) {
            RecordChange change = store.update(context, model, id(context), body(context)).orElseThrow(() -> notFound(model));
            changed(context, change);
            context.payload().setResult(OperationResult.record(change.getAfter().orElseThrow(() -> notFound(model))));
        } else if (operation.equals(Operation.DELETE)) {
            changed(context, store.delete(context, model, id(context)).orElseThrow(() -> notFound(model)));
            context.payload().setResult(OperationResult.deleted());
        }
        next.next();
    }

    /**
     * The sub-resource's parent: read live for the caller, or, for a sub-resource that reaches soft-deleted parents
     * on a store with a {@link ScopeChecker}, checked in the caller's scope and then read whatever its state.
     */
    private static Optional<Map<String, Object>> parent(RequestContext context, DataStore store, ModelDescriptor model,
                                                        SubResource subResource) {
        String id = id(context);
        ScopeChecker checker = subResource.reachesSoftDeletedParent() ? store.scopeChecker().orElse(null) : null;
        if (checker == null) {
            return store.read(context, model, id, List.of());
        }
        if (!checker.existsInScope(context, model, id)) {
            return Optional.empty();
        }
        FilterClause byId = new FilterClause(0, model.findField("id").orElseThrow(), FilterOperator.EQ, List.of(id));
        // the scope admitted the record: it is read as it is, soft-deleted too
        List<Map<String, Object>> rows = store.list(StorageContext.system(), model,
            new ListQuery(List.of(byId), List.of(), List.of(), 1, 1, true, TotalMode.NONE, null)).rows();
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    private static void changed(RequestContext context, RecordChange change) {
        context.setRecordChange(change);
        change.getBefore().ifPresent(context::setStoredRecord);
    }

    private static List<String> includes(RequestContext context) {
        return context.payload().getQuery() == null ? List.of() : context.payload().getQuery().includes();
    }

    private static Map<String, Object> body(RequestContext context) {
        return context.payload().getBody() == null ? Map.of() : context.payload().getBody();
    }

    /** The path's record id in its stored, lower-case form ({@link RecordIds}); 404 when it is none. */
    private static String id(RequestContext context) {
        ModelDescriptor model = context.getModel();
        String id = RecordIds.stored(context.getRecordId().orElseThrow(() -> notFound(model)));
        if (id == null) {
            throw notFound(model);
        }
        return id;
    }

    private static FxException notFound(ModelDescriptor model) {
        return ErrorCode.NOT_FOUND.exception(model.getName() + " not found");
    }
}
