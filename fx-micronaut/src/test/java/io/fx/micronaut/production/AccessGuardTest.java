package io.fx.micronaut.production;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AccessGuardTest {

    /** A middleware classified as the given access for every operation but OPTIONS. */
    private static Middleware guard(AccessGuard.Access access) {
        final class Guarded implements Middleware, AccessGuard {
            @Override
            public void handle(RequestContext context, Next next) {
                next.next();
            }

            @Override
            public Access access(Operation operation) {
                return Operation.OPTIONS.equals(operation) ? Access.NEUTRAL : access;
            }
        }
        return new Guarded();
    }

    private static final Middleware UNCLASSIFIED = (context, next) -> next.next();

    @Test
    void anAuthenticatorCoversUnlessAnAnonymousAdmissionStandsBeforeIt() {
        Middleware authenticates = guard(AccessGuard.Access.AUTHENTICATES);
        Middleware anonymous = guard(AccessGuard.Access.ALLOWS_ANONYMOUS);
        assertTrue(AccessGuard.covers(List.of(authenticates), Operation.READ));
        assertFalse(AccessGuard.covers(List.of(anonymous, authenticates), Operation.READ));
        assertTrue(AccessGuard.covers(List.of(authenticates, anonymous), Operation.READ));
        assertTrue(AccessGuard.covers(List.of(anonymous, authenticates, guard(AccessGuard.Access.AUTHORISES)), Operation.READ));
    }

    @Test
    void publicDeclarationsAndAuthorisersCoverNeutralOnesDoNot() {
        assertTrue(AccessGuard.covers(List.of(guard(AccessGuard.Access.DECLARES_PUBLIC)), Operation.LIST));
        assertTrue(AccessGuard.covers(List.of(guard(AccessGuard.Access.AUTHORISES)), Operation.DELETE));
        assertFalse(AccessGuard.covers(List.of(guard(AccessGuard.Access.NEUTRAL)), Operation.DELETE));
        assertFalse(AccessGuard.covers(List.of(guard(AccessGuard.Access.AUTHORISES)), Operation.OPTIONS));
        assertFalse(AccessGuard.covers(List.of(), Operation.READ));
    }

    @Test
    void unclassifiedMiddlewareCoverAsBefore() {
        assertTrue(AccessGuard.covers(List.of(UNCLASSIFIED), Operation.READ));
        assertTrue(AccessGuard.covers(List.of(guard(AccessGuard.Access.ALLOWS_ANONYMOUS), UNCLASSIFIED), Operation.READ));
    }
}
