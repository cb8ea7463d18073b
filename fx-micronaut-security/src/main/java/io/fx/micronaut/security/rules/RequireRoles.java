package io.fx.micronaut.security.rules;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.core.annotation.NonNull;

import java.util.List;

/** 403 {@code FORBIDDEN} unless the principal holds one of the roles; anonymous callers too. */
final class RequireRoles implements Middleware, AccessGuard {

    private final List<String> roles;
    private final String message;

    RequireRoles(List<String> roles) {
        this.roles = FxSecurity.names(roles, "requireRole");
        this.message = roles.size() == 1 ? "requires role " + roles.get(0) : "requires one of the roles " + String.join(", ", roles);
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return Operation.OPTIONS.equals(operation) ? Access.NEUTRAL : Access.AUTHORISES;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        AuthInfo principal = context.getPrincipal().orElse(null);
        if (!Operation.OPTIONS.equals(context.getOperation())
            && (principal == null || roles.stream().noneMatch(principal::hasRole))) {
            throw ErrorCode.FORBIDDEN.exception(message);
        }
        next.next();
    }
}
