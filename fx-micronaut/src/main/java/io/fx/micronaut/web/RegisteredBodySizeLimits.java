package io.fx.micronaut.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.server.HttpServerConfiguration;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@link BodySizeLimit} of {@link MaxBodySize} registrations, read from the compiled pipeline once at startup:
 * the last one on a model operation's Deserialize step, or in an action's middleware list. Asked after the
 * application's own {@link BodySizeLimit} beans. Checks every registered limit, and {@code fx.max-body-size}, against
 * the server's {@code micronaut.server.max-request-size}, which caps every body first.
 */
@Internal
@Context
@Order(Ordered.LOWEST_PRECEDENCE - 100)
final class RegisteredBodySizeLimits implements BodySizeLimit {

    private static final String SERVER_KEY = "micronaut.server.max-request-size";

    private final Map<String, Map<Operation, Long>> models = new HashMap<>();
    private final Map<ActionDescriptor, Long> actions = new IdentityHashMap<>();

    RegisteredBodySizeLimits(MiddlewareInventory inventory, ModelRegistry registry, ActionCatalog catalog,
                             FxConfiguration configuration, Optional<HttpServerConfiguration> server) {
        long serverLimit = server.map(HttpServerConfiguration::getMaxRequestSize).orElse(Long.MAX_VALUE);
        if (configuration.getMaxBodySize() > serverLimit) {
            throw new FxConfigurationException("fx.max-body-size (" + configuration.getMaxBodySize()
                + " bytes) is over " + SERVER_KEY + " (" + serverLimit + " bytes), which caps every body: raise "
                + SERVER_KEY + " or lower fx.max-body-size");
        }
        for (ModelDescriptor model : registry.getModels()) {
            for (Operation operation : inventory.operations()) {
                MaxBodySize last = last(inventory.stepMiddleware(model, operation, Step.DESERIALIZE));
                if (last != null) {
                    check(last, model.getName() + " " + operation, serverLimit);
                    models.computeIfAbsent(model.getName(), name -> new HashMap<>()).put(operation, last.bytes());
                }
            }
        }
        for (Action action : catalog.getActions()) {
            MaxBodySize last = last(action.middleware());
            if (last != null) {
                check(last, "action " + action.describe(), serverLimit);
                actions.put(action, last.bytes());
            }
        }
    }

    private static MaxBodySize last(List<Middleware> middleware) {
        MaxBodySize last = null;
        for (Middleware m : middleware) {
            if (m instanceof MaxBodySize limit) {
                last = limit;
            }
        }
        return last;
    }

    private static void check(MaxBodySize limit, String where, long serverLimit) {
        if (limit.bytes() > serverLimit) {
            throw new FxConfigurationException(limit + " registered for " + where + " is over " + SERVER_KEY + " ("
                + serverLimit + " bytes), which caps every body: raise " + SERVER_KEY + " or lower the limit");
        }
    }

    @Override
    @NonNull
    public OptionalLong maxBodySize(@NonNull RouteTarget route) {
        Optional<ActionDescriptor> action = route.findAction();
        if (action.isPresent()) {
            Long limit = actions.get(action.get());
            return limit == null ? OptionalLong.empty() : OptionalLong.of(limit);
        }
        Optional<ModelDescriptor> model = route.findModel();
        if (model.isEmpty()) {
            return OptionalLong.empty();
        }
        Map<Operation, Long> perOperation = models.get(model.get().getName());
        Long limit = perOperation == null ? null : perOperation.get(route.operation());
        return limit == null ? OptionalLong.empty() : OptionalLong.of(limit);
    }
}
