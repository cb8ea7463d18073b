package io.fx.micronaut.security.authentication;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.core.annotation.NonNull;

import java.util.Set;

/** Lets requests without credential through the authenticators behind it, for some operations or all. */
final class AllowAnonymous implements Middleware, AccessGuard {

    private final Set<Operation> operations;
    private final Access access;

    AllowAnonymous(Set<Operation> operations, Access access) {
        this.operations = operations;
        this.access = access;
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return operations.isEmpty() || operations.contains(operation) ? access : Access.NEUTRAL;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (operations.isEmpty() || operations.contains(context.getOperation())) {
            AnonymousAccess.allow(context);
        }
        next.next();
    }
}
