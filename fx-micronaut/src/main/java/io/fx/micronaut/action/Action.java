package io.fx.micronaut.action;

import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.ActionDescriptor;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;

import java.util.List;
import java.util.Optional;

/**
 * A custom action: {@code {method, path, handler, middleware, OpenAPI block, access}}. The path is
 * relative to {@code fx.path-prefix} and may hold {@code {name}} parameters, read with
 * {@code context.view().getPathParameter("name")}. Declare one as a bean (for example from a
 * {@code @Factory} method) or register it through an {@link ActionRegistrar}. A path that collides
 * with a generated model route for the same method fails at startup.
 *
 * <pre>{@code
 * Action.post("/orders/{id}/pay", context -> pay(context.view().getPathParameter("id").orElseThrow()))
 *     .middleware(rateLimit)
 *     .access(ActionAccess.PROTECTED)
 *     .openApi(ActionOpenApi.NONE.summary("Pay an order"));
 * }</pre>
 *
 * @param method     the HTTP method
 * @param path       the path below the prefix, starting with {@code /}
 * @param handler    the handler
 * @param middleware the action's own middleware, run after the Auth step and before the handler
 * @param openApi    the documentation block
 * @param access     the declared access, or null when undeclared (refused by production validation)
 * @param operation  the operation whose middleware run for it: {@link Operation#ACTION} unless a module's route
 *                   declares its own (since 0.9.0)
 * @since 0.2.0
 */
public record Action(@NonNull HttpMethod method,
                     @NonNull String path,
                     @NonNull ActionHandler handler,
                     @NonNull List<Middleware> middleware,
                     @NonNull ActionOpenApi openApi,
                     @Nullable ActionAccess access,
                     @NonNull Operation operation) implements ActionDescriptor {

    /** Defensive copy. */
    public Action {
        middleware = List.copyOf(middleware);
        openApi = openApi == null ? ActionOpenApi.NONE : openApi;
        operation = operation == null ? Operation.ACTION : operation;
    }

    /**
     * @param method     the HTTP method
     * @param path       the path below the prefix
     * @param handler    the handler
     * @param middleware the action's own middleware
     * @param openApi    the documentation block
     * @param access     the declared access, or null when undeclared
     */
    public Action(@NonNull HttpMethod method, @NonNull String path, @NonNull ActionHandler handler,
                  @NonNull List<Middleware> middleware, @NonNull ActionOpenApi openApi, @Nullable ActionAccess access) {
        this(method, path, handler, middleware, openApi, access, Operation.ACTION);
    }

    /**
     * @param method  the method
     * @param path    the path below the prefix
     * @param handler the handler
     * @return an action without middleware, documentation or declared access
     */
    @NonNull
    public static Action of(@NonNull HttpMethod method, @NonNull String path, @NonNull ActionHandler handler) {
        return new Action(method, path, handler, List.of(), ActionOpenApi.NONE, null);
    }

    /**
     * @param path    the path below the prefix
     * @param handler the handler
     * @return a GET action
     */
    @NonNull
    public static Action get(@NonNull String path, @NonNull ActionHandler handler) {
        return of(HttpMethod.GET, path, handler);
    }

    /**
     * @param path    the path below the prefix
     * @param handler the handler
     * @return a POST action
     */
    @NonNull
    public static Action post(@NonNull String path, @NonNull ActionHandler handler) {
        return of(HttpMethod.POST, path, handler);
    }

    /**
     * @param newMiddleware the action's own middleware, in order
     * @return a copy with them
     */
    @NonNull
    public Action middleware(@NonNull Middleware... newMiddleware) {
        return new Action(method, path, handler, List.of(newMiddleware), openApi, access, operation);
    }

    /**
     * @param newOpenApi the documentation block
     * @return a copy with it
     */
    @NonNull
    public Action openApi(@NonNull ActionOpenApi newOpenApi) {
        return new Action(method, path, handler, middleware, newOpenApi, access, operation);
    }

    /**
     * @param newAccess the declared access
     * @return a copy with it
     */
    @NonNull
    public Action access(@NonNull ActionAccess newAccess) {
        return new Action(method, path, handler, middleware, openApi, newAccess, operation);
    }

    /**
     * @param newOperation the operation its middleware are chosen by (a module's own, such as {@code FILE_UPLOAD})
     * @return a copy running it
     * @since 0.9.0
     */
    @NonNull
    public Action operation(@NonNull Operation newOperation) {
        return new Action(method, path, handler, middleware, openApi, access, newOperation);
    }

    /** @return the declared access, absent when undeclared */
    @NonNull
    @Override
    public Optional<ActionAccess> declaredAccess() {
        return Optional.ofNullable(access);
    }

    /** @return {@code METHOD /path}, for messages */
    @NonNull
    public String describe() {
        return method + " " + path;
    }
}
