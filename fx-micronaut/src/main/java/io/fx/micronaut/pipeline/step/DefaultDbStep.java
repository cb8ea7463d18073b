package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The DB step's default: runs the operation through the {@link DataStore} (which joins the active
 * transaction when one is set) and stores the result on the context. A missing record, or an id that
 * is not a UUID, is 404 {@code NOT_FOUND}.
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
        switch (context.getOperation()) {
            case LIST -> context.setResult(store.list(model, context.getQuery()));
            case READ -> context.setResult(store.read(model, id(context), includes(context)).orElseThrow(() -> notFound(model)));
            case CREATE -> context.setResult(committed(context, () -> store.create(model, body(context))));
            case UPDATE -> {
                String id = id(context);
                context.setResult(committed(context, () -> store.update(model, id, body(context)))
                    .orElseThrow(() -> notFound(model)));
            }
            case DELETE -> {
                String id = id(context);
                if (!committed(context, () -> store.delete(model, id))) {
                    throw notFound(model);
                }
                context.setResult(Boolean.TRUE);
            }
            default -> {
            }
        }
        next.next();
    }

    /**
     * Runs a write in its own transaction (unless one is active) and rolls it back when the client
     * went away before the commit.
     */
    private static <T> T committed(RequestContext context, Supplier<T> write) {
        if (context.isInTransaction() || context.getRequest().isEmpty()) {
            return write.get();
        }
        return context.getDataStore().inTransaction(() -> {
            T result = write.get();
            if (context.isClientClosed()) {
                throw ErrorCode.CLIENT_CLOSED_REQUEST.exception("The client closed the connection; the write was rolled back");
            }
            return result;
        });
    }

    private static List<String> includes(RequestContext context) {
        return context.getQuery() == null ? List.of() : context.getQuery().includes();
    }

    private static Map<String, Object> body(RequestContext context) {
        return context.getBody() == null ? Map.of() : context.getBody();
    }

    private static String id(RequestContext context) {
        ModelDescriptor model = context.getModel();
        String id = context.getRecordId().orElseThrow(() -> notFound(model));
        if (!Ids.isUuid(id)) {
            throw notFound(model);
        }
        return id;
    }

    private static FxException notFound(ModelDescriptor model) {
        return ErrorCode.NOT_FOUND.exception(model.getName() + " not found");
    }
}
