package io.fx.micronaut.security.authentication;

import io.fx.micronaut.security.Challenges;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.security.event.SecurityEvents;
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
    private final SecurityEvents events;

    /**
     * @param authenticators the authenticators, in order
     * @param events         publishes the credentials refused and the revocation store failing
     */
    public AuthenticationMiddleware(@NonNull List<Authenticator> authenticators, @NonNull SecurityEvents events) {
        this.authenticators = authenticators.toArray(new Authenticator[0]);
        this.events = events;
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
        for (Authenticator authenticator : authenticators) {
            Optional<AuthInfo> principal = authenticate(authenticator, context);
            if (principal.isPresent()) {
                context.setPrincipal(principal.get());
                next.next();
                return;
            }
        }
        if (!AnonymousAccess.admits(context)) {
            CredentialRefusedException refused = CredentialRefusedException.unauthorized("authentication required");
            Challenges.unauthorized(context, refused);
            throw refused;
        }
        next.next();
    }

    /** An authenticator that refuses the credential it found: the refusal is challenged and published. */
    private Optional<AuthInfo> authenticate(Authenticator authenticator, RequestContext context) {
        try {
            return authenticator.authenticate(context);
        } catch (CredentialRefusedException e) {
            Challenges.unauthorized(context, e);
            events.tokenRefused(context, e.getCode());
            throw e;
        } catch (FxException e) {
            if (SecurityErrorCodes.REVOCATION_UNAVAILABLE.matches(e)) {
                events.revocationUnavailable(context, "lookup");
            }
            throw e;
        }
    }
}
