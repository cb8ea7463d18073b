package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Set;

/**
 * The middleware the compiled pipeline runs on the Auth step, for modules that check or document what guards
 * each route: production validation, the security module's OpenAPI security requirements, and a rule that
 * must hold in the storage layer too (an owner rule's write scope). Compiled once at startup; a bean.
 *
 * @since 0.7.0
 */
public interface MiddlewareInventory {

    /**
     * @param model     a model
     * @param operation an operation
     * @return the Auth-step middleware of that model operation in chain order, without the shipped passthrough
     *     default (a replacement of it through {@code @Replaces} is included), unwrapped from tracing
     */
    @NonNull
    List<Middleware> authMiddleware(@NonNull ModelDescriptor model, @NonNull Operation operation);

    /** @return every operation a chain is compiled for: the generated ones and those sub-resources declare */
    @NonNull
    Set<Operation> operations();

    /**
     * @param model     a model
     * @param operation an operation
     * @param step      a step
     * @return the middleware registered on that step of that model operation, in chain order, without the step's
     *     default, unwrapped from tracing: how a module finds the settings its middleware carry (a body limit
     *     registered on the Deserialize step) before a request runs
     * @since 0.7.0
     */
    @NonNull
    List<Middleware> stepMiddleware(@NonNull ModelDescriptor model, @NonNull Operation operation, @NonNull Step step);

    /** @return the Auth-step middleware of custom actions, as {@link #authMiddleware} */
    @NonNull
    List<Middleware> actionAuthMiddleware();
}
