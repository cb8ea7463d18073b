package io.fx.micronaut.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.uri.UriMatchTemplate;
import io.micronaut.web.router.DefaultRouteBuilder;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@link SubResource} beans, checked once: a valid path segment, methods it may serve, an operation per
 * method that fits it, and one sub-resource per model and name. {@code GET} is served by the generic
 * {@code /{collection}/{id}/{name}} route; for each other method a sub-resource serves, one real route per model
 * it applies to is registered here ({@code POST /api/orders/{id}/receipt}), served by
 * {@link FxController#subResourceMethod}. So a method no sub-resource serves on a path stays Micronaut's 405
 * {@code METHOD_NOT_ALLOWED} with {@code Allow}, as it always was.
 */
@Internal
@Singleton
final class SubResourceRoutes extends DefaultRouteBuilder {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
    private static final Pattern PARAMETER = Pattern.compile("\\{[^}]*}");
    private static final Set<HttpMethod> METHODS =
        EnumSet.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);
    /** Generated operations a GET may run; any operation a module declares is allowed too. */
    private static final Set<Operation> READING = Set.of(Operation.READ, Operation.ACTION);
    /** Generated operations another method may run; any operation a module declares is allowed too. */
    private static final Set<Operation> WRITING = Set.of(Operation.UPDATE, Operation.DELETE, Operation.ACTION);
    private static final MediaType[] CONSUMES = {MediaType.APPLICATION_JSON_TYPE, MediaType.ALL_TYPE};

    private final List<SubResource> subResources;
    private final Map<String, Served> routed;

    SubResourceRoutes(ExecutionHandleLocator locator, List<SubResource> subResources, ModelRegistry registry,
                      FxConfiguration configuration, ActionCatalog actions) {
        super(locator);
        this.subResources = List.copyOf(subResources);
        subResources.forEach(SubResourceRoutes::check);
        Map<String, Served> served = new HashMap<>();
        Set<String> actionShapes = new HashSet<>();
        for (Action action : actions.getActions()) {
            actionShapes.add(shape(action.method(), ActionRoutes.fullPath(configuration, action)));
        }
        for (ModelDescriptor model : registry.getModels()) {
            if (model.isHeadless()) {
                continue;
            }
            Set<String> names = new HashSet<>();
            for (SubResource sub : subResources) {
                if (!sub.appliesTo(model)) {
                    continue;
                }
                for (String name : sub.names(model)) {
                    checkName(sub, name);
                    if (!names.add(name)) {
                        throw new FxConfigurationException("Model " + model.getName() + " has two sub-resources named '"
                            + name + "'");
                    }
                    route(configuration, model, sub, name, actionShapes, served);
                }
            }
        }
        this.routed = Map.copyOf(served);
    }

    /** A sub-resource and the model whose records it belongs to. */
    record Served(ModelDescriptor model, SubResource subResource) {
    }

    /**
     * @param model a model
     * @param name  a sub-resource name
     * @return the model's sub-resource of that name
     */
    Optional<SubResource> find(ModelDescriptor model, String name) {
        for (SubResource sub : subResources) {
            if (sub.appliesTo(model) && sub.names(model).contains(name)) {
                return Optional.of(sub);
            }
        }
        return Optional.empty();
    }

    /**
     * @param match a route match
     * @return the sub-resource a route registered here serves, or null for any other route
     */
    @Nullable
    Served served(UriRouteMatch<?, ?> match) {
        return routed.get(ActionRoutes.key(match.getHttpMethod(), match.getRouteInfo().getUriMatchTemplate().toString()));
    }

    private void route(FxConfiguration configuration, ModelDescriptor model, SubResource sub, String name,
                       Set<String> actionShapes, Map<String, Served> served) {
        String prefix = configuration.getPathPrefix();
        String path = (prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix)
            + "/" + model.getTable() + "/{id}/" + name;
        for (HttpMethod method : sub.methods()) {
            if (method == HttpMethod.GET) {
                continue;
            }
            if (actionShapes.contains(shape(method, path))) {
                throw new FxConfigurationException("Sub-resource " + name + " of model " + model.getName()
                    + ": " + method + " " + path + " collides with a custom action");
            }
            buildRoute(method, path, FxController.class, "subResourceMethod", HttpRequest.class).consumes(CONSUMES);
            served.put(ActionRoutes.key(method, UriMatchTemplate.of(path).toString()), new Served(model, sub));
        }
    }

    private static void checkName(SubResource sub, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new FxConfigurationException("Sub-resource " + sub.getClass().getName() + ": the name '"
                + name + "' must be lower-case letters, digits, '_' and '-', starting with a letter");
        }
    }

    private static void check(SubResource sub) {
        checkName(sub, sub.name());
        if (sub.methods().isEmpty() || !METHODS.containsAll(sub.methods())) {
            throw new FxConfigurationException("Sub-resource " + sub.name() + ": it serves " + sub.methods()
                + "; a sub-resource serves some of GET, POST, PUT, PATCH and DELETE");
        }
        for (HttpMethod method : sub.methods()) {
            Operation operation = sub.operation(method);
            boolean reads = method == HttpMethod.GET;
            if (operation.isGenerated() && !(reads ? READING : WRITING).contains(operation)) {
                throw new FxConfigurationException("Sub-resource " + sub.name() + ": operation " + operation
                    + " is not one a " + method + " runs; use " + (reads ? "read" : "update, delete")
                    + ", action or an operation of its own");
            }
        }
    }

    /** @return the method and path with parameter names blanked, equal for two routes matching the same URIs */
    private static String shape(HttpMethod method, String path) {
        return method.name() + " " + PARAMETER.matcher(path).replaceAll("{}");
    }
}
