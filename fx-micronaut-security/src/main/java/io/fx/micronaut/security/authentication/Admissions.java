package io.fx.micronaut.security.authentication;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Set;

/**
 * The admissions the authentication middleware honours: middleware registered before it that let a request
 * without credential through. The rules' façade ({@code FxSecurity}) hands them out.
 */
@Internal
public final class Admissions {

    private static final Set<Operation> READS = Set.of(Operation.LIST, Operation.READ);

    private Admissions() {
    }

    /** @return an admission of every operation without credential */
    @NonNull
    public static Middleware anonymous() {
        return new AllowAnonymous(Set.of(), AccessGuard.Access.ALLOWS_ANONYMOUS);
    }

    /**
     * @param operations the operations admitted, exactly; none for every operation
     * @return an admission of those operations without credential
     */
    @NonNull
    public static Middleware anonymous(@NonNull Set<Operation> operations) {
        return new AllowAnonymous(Set.copyOf(operations), AccessGuard.Access.ALLOWS_ANONYMOUS);
    }

    /** @return an admission of list, read and HEAD without credential, declared public */
    @NonNull
    public static Middleware publicRead() {
        return new AllowAnonymous(READS, AccessGuard.Access.DECLARES_PUBLIC);
    }
}
