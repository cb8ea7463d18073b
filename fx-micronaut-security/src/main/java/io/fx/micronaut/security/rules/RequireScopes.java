package io.fx.micronaut.security.rules;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.security.Challenges;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;

/**
 * 403 {@code FORBIDDEN} unless the principal holds every listed scope ({@code all}) or one of them;
 * exact matches, anonymous callers refused too; the answer names only the missing scopes and carries
 * {@code WWW-Authenticate: Bearer error="insufficient_scope"}.
 */
final class RequireScopes implements Middleware, AccessGuard {

    private final List<String> scopes;
    private final boolean all;

    RequireScopes(List<String> scopes, boolean all) {
        this.scopes = FxSecurity.names(scopes, all ? "requireScope" : "requireAnyScope");
        this.all = all;
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return Operation.OPTIONS.equals(operation) ? Access.NEUTRAL : Access.AUTHORISES;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (Operation.OPTIONS.equals(context.getOperation())) {
            next.next();
            return;
        }
        List<String> held = context.getPrincipal().map(AuthInfo::scopes).orElse(List.of());
        if (all) {
            List<String> missing = scopes.stream().filter(s -> !held.contains(s)).toList();
            if (!missing.isEmpty()) {
                Challenges.insufficientScope(context, String.join(" ", scopes));
                throw ErrorCode.FORBIDDEN.exception("missing scopes: " + String.join(", ", missing),
                    Map.of("missing_scopes", missing), null);
            }
        } else if (scopes.stream().noneMatch(held::contains)) {
            Challenges.insufficientScope(context, String.join(" ", scopes));
            throw ErrorCode.FORBIDDEN.exception("requires one of the scopes " + String.join(", ", scopes),
                Map.of("missing_scopes", scopes), null);
        }
        next.next();
    }
}
