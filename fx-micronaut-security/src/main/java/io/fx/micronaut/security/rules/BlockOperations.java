package io.fx.micronaut.security.rules;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.core.annotation.NonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The blocked operations answer 405 {@code METHOD_NOT_ALLOWED} whoever asks, with an {@code Allow}
 * header naming what is left; OPTIONS lists the reduced methods.
 */
final class BlockOperations implements Middleware, AccessGuard {

    private final Set<Operation> blocked;
    private final String collectionAllow;
    private final String recordAllow;

    BlockOperations(List<Operation> operations) {
        if (operations.isEmpty()) {
            throw new IllegalArgumentException("blockOperation needs at least one operation");
        }
        this.blocked = Set.copyOf(operations);
        this.collectionAllow = allow(false);
        this.recordAllow = allow(true);
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return blocked.contains(operation) ? Access.AUTHORISES : Access.NEUTRAL;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String allow = context.getRecordId().isPresent() ? recordAllow : collectionAllow;
        if (blocked.contains(context.getOperation())) {
            context.response().setHeader("Allow", allow);
            throw ErrorCode.METHOD_NOT_ALLOWED.exception(context.getOperation().name().toLowerCase(java.util.Locale.ROOT)
                + " is not allowed on " + context.getModel().getName());
        }
        if (Operation.OPTIONS.equals(context.getOperation())) {
            context.response().setHeader("Allow", allow);
        }
        next.next();
    }

    private String allow(boolean record) {
        List<String> methods = new ArrayList<>();
        if (record) {
            add(methods, Operation.READ, "GET", "HEAD");
            add(methods, Operation.UPDATE, "PATCH");
            add(methods, Operation.DELETE, "DELETE");
        } else {
            add(methods, Operation.LIST, "GET", "HEAD");
            add(methods, Operation.CREATE, "POST");
        }
        methods.add("OPTIONS");
        return String.join(", ", methods);
    }

    private void add(List<String> methods, Operation operation, String... names) {
        if (!blocked.contains(operation)) {
            methods.addAll(List.of(names));
        }
    }
}
