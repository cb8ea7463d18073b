package io.fx.micronaut.security.internal;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.CredentialRefusedException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Optional;

/**
 * Asks the authenticators in order; the first that finds its credential decides. Without any
 * credential the request is refused with 401 {@code UNAUTHORIZED} unless anonymous callers are
 * allowed (an {@code allowAnonymous()} before it), the operation is OPTIONS, or the custom action
 * is declared PUBLIC.
 */
@Internal
public final class AuthenticationMiddleware implements Middleware, AccessGuard {

    private final Authenticator[] authenticators;

    /** @param authenticators the authenticators, in order */
    public AuthenticationMiddleware(@NonNull List<Authenticator> authenticators) {
        this.authenticators = authenticators.toArray(new Authenticator[0]);
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return Operation.OPTIONS.equals(operation) ? Access.NEUTRAL : Access.AUTHENTICATES;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (Operation.OPTIONS.equals(context.getOperation())) {
            next.next();
            return;
        }
        try {
            for (Authenticator authenticator : authenticators) {
                Optional<AuthInfo> principal = authenticator.authenticate(context);
                if (principal.isPresent()) {
                    context.setPrincipal(principal.get());
                    next.next();
                    return;
                }
            }
            if (!AnonymousAccess.admits(context)) {
                throw CredentialRefusedException.unauthorized("authentication required");
            }
        } catch (CredentialRefusedException e) {
            Challenges.unauthorized(context, e);
            throw e;
        }
        next.next();
    }
}
