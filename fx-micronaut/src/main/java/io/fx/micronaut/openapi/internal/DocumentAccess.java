package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiConfiguration;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.production.RouteGuard;
import io.fx.micronaut.web.AuthStepGate;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.web.router.UriRouteInfo;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Who may fetch the document and the docs page ({@code fx.openapi.access}), decided once at startup: public,
 * or protected by the Auth step of the custom actions ({@link AuthStepGate}). {@code as-reads} is public when
 * the Auth-step middleware of any model's list or read admits anonymous callers, protected otherwise. For
 * production validation the routes are covered when public on purpose, or protected and some Auth-step
 * middleware authenticates actions; a protected document that nothing authenticates is named.
 */
@Internal
@Singleton
@RequiresOpenApi
final class DocumentAccess implements RouteGuard {

    private static final Set<Class<?>> ROUTES = Set.of(OpenApiController.class, OpenApiDocsController.class);

    private final ActionAccess access;
    private final boolean authenticated;
    private final AuthStepGate gate;

    DocumentAccess(OpenApiConfiguration configuration, MiddlewareInventory inventory, ModelRegistry registry,
                   AuthStepGate gate) {
        this.gate = gate;
        this.access = switch (configuration.getAccess()) {
            case PUBLIC -> ActionAccess.PUBLIC;
            case PROTECTED -> ActionAccess.PROTECTED;
            case AS_READS -> anonymousReads(inventory, registry) ? ActionAccess.PUBLIC : ActionAccess.PROTECTED;
        };
        this.authenticated = AccessGuard.covers(inventory.actionAuthMiddleware(), Operation.ACTION);
    }

    /** Whether any model's list or read lets callers without credential through; with no models, the actions. */
    private static boolean anonymousReads(MiddlewareInventory inventory, ModelRegistry registry) {
        List<ModelDescriptor> models = registry.getModels().stream().filter(m -> !m.isHeadless()).toList();
        if (models.isEmpty()) {
            return AccessGuard.admitsAnonymous(inventory.actionAuthMiddleware(), Operation.ACTION);
        }
        return models.stream().anyMatch(model -> List.of(Operation.LIST, Operation.READ).stream()
            .anyMatch(op -> AccessGuard.admitsAnonymous(inventory.authMiddleware(model, op), op)));
    }

    /** @return whether anyone may fetch the document, without a credential */
    boolean isPublic() {
        return access == ActionAccess.PUBLIC;
    }

    /**
     * @param request the request
     * @param path    the route's path below the prefix
     * @param answer  the route's answer
     * @return the answer, or the Auth step's refusal when the document is protected
     */
    MutableHttpResponse<?> serve(HttpRequest<?> request, String path, Supplier<MutableHttpResponse<?>> answer) {
        if (isPublic()) {
            return answer.get();
        }
        return gate.serve(request, new Route(path), answer);
    }

    /** The OpenAPI routes are covered when public on purpose, or protected by an authenticator. */
    @Override
    public boolean covers(@NonNull UriRouteInfo<?, ?> route) {
        return ROUTES.contains(route.getTargetMethod().getDeclaringType())
            && (isPublic() || authenticated);
    }

    /** A document route as the Auth step sees an action: a protected GET. */
    private record Route(String path) implements ActionDescriptor {

        @Override
        @NonNull
        public HttpMethod method() {
            return HttpMethod.GET;
        }

        @Override
        @NonNull
        public Optional<ActionAccess> declaredAccess() {
            return Optional.of(ActionAccess.PROTECTED);
        }
    }
}
