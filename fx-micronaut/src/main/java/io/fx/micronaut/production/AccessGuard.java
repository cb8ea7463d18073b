package io.fx.micronaut.production;

import io.fx.micronaut.pipeline.Operation;
import io.micronaut.core.annotation.NonNull;

/**
 * How an Auth-step middleware protects an operation, for {@link ProductionValidator}. An operation is
 * covered when its Auth step holds, in chain order, a middleware that {@link Access#AUTHORISES
 * authorises} or {@link Access#DECLARES_PUBLIC declares it public}, or one that
 * {@link Access#AUTHENTICATES authenticates} with no {@link Access#ALLOWS_ANONYMOUS anonymous
 * admission} before it. Auth-step middleware that do not implement this interface cover every
 * operation they run for, as they always have.
 *
 * <pre>{@code
 * final class RequireStaff implements Middleware, AccessGuard {
 *     public Access access(Operation operation) {
 *         return Access.AUTHORISES;
 *     }
 *     ...
 * }
 * }</pre>
 *
 * @since 0.4.0
 */
@FunctionalInterface
public interface AccessGuard {

    /** What a middleware does for an operation. */
    enum Access {
        /** Fills the principal from a credential and refuses requests without one. */
        AUTHENTICATES,
        /** Refuses callers lacking a principal, role, scope or ownership (or refuses everyone). */
        AUTHORISES,
        /** Lets requests without a credential through the authenticators after it. */
        ALLOWS_ANONYMOUS,
        /** Serves the operation to anyone, on purpose. */
        DECLARES_PUBLIC,
        /** Does not protect the operation. */
        NEUTRAL
    }

    /**
     * @param operation an operation the middleware runs for
     * @return what the middleware does for it
     */
    @NonNull
    Access access(@NonNull Operation operation);

    /**
     * Decides coverage from the Auth-step middleware of one operation, in chain order.
     *
     * @param middleware the Auth-step middleware, in order
     * @param operation  the operation
     * @return whether the operation is covered
     */
    static boolean covers(@NonNull Iterable<?> middleware, @NonNull Operation operation) {
        boolean anonymous = false;
        for (Object m : middleware) {
            if (!(m instanceof AccessGuard guard)) {
                return true;
            }
            switch (guard.access(operation)) {
                case AUTHORISES, DECLARES_PUBLIC -> {
                    return true;
                }
                case AUTHENTICATES -> {
                    if (!anonymous) {
                        return true;
                    }
                }
                case ALLOWS_ANONYMOUS -> anonymous = true;
                default -> { }
            }
        }
        return false;
    }

    /**
     * Decides from the Auth-step middleware of one operation, in chain order, whether a caller without any
     * credential gets through: no middleware that {@link Access#AUTHORISES authorises} and no
     * {@link Access#AUTHENTICATES authenticator} without an anonymous admission or public declaration before
     * it. A middleware that does not implement this interface is taken to refuse such callers.
     *
     * @param middleware the Auth-step middleware, in order
     * @param operation  the operation
     * @return whether anonymous callers get through
     * @since 0.7.0
     */
    static boolean admitsAnonymous(@NonNull Iterable<?> middleware, @NonNull Operation operation) {
        boolean anonymous = false;
        for (Object m : middleware) {
            if (!(m instanceof AccessGuard guard)) {
                return false;
            }
            switch (guard.access(operation)) {
                case AUTHORISES -> {
                    return false;
                }
                case AUTHENTICATES -> {
                    if (!anonymous) {
                        return false;
                    }
                }
                case ALLOWS_ANONYMOUS, DECLARES_PUBLIC -> anonymous = true;
                default -> { }
            }
        }
        return true;
    }
}
