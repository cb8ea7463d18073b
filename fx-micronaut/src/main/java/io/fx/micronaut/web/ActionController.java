package io.fx.micronaut.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.action.ActionHandler;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.Chain;
import io.fx.micronaut.pipeline.CompiledPipeline;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.context.annotation.Executable;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.uri.UriMatchTemplate;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Serves the custom action routes registered by {@link ActionRoutes}: finds the action the router
 * matched, builds its context (path parameters, the body unread within the route's limit) and runs its
 * shortened chain, compiled once at startup, in the {@link ServeFrame} on the blocking executor (once the
 * work any {@link PipelineGate} holds it on has completed).
 */
@Internal
@Singleton
public class ActionController implements BodyRoutes {

    private final Map<String, Chain> chains;
    private final Map<String, Action> actions;
    private final ServeFrame frame;

    ActionController(ActionCatalog catalog, CompiledPipeline pipeline, FxConfiguration configuration, ServeFrame frame) {
        this.frame = frame;
        Map<String, Chain> compiled = new HashMap<>();
        Map<String, Action> byKey = new HashMap<>();
        for (Action action : catalog.getActions()) {
            String template = UriMatchTemplate.of(ActionRoutes.fullPath(configuration, action)).toString();
            Chain chain = pipeline.compileAction(action.describe(), action.operation(), action.middleware(),
                handler(action.handler()));
            compiled.put(ActionRoutes.key(action.method(), template), chain);
            byKey.put(ActionRoutes.key(action.method(), template), action);
            if (ActionRoutes.mirrorsHead(catalog, action)) {
                compiled.put(ActionRoutes.key(HttpMethod.HEAD, template), chain);
                byKey.put(ActionRoutes.key(HttpMethod.HEAD, template), action);
            }
        }
        this.chains = Map.copyOf(compiled);
        this.actions = Map.copyOf(byKey);
    }

    /**
     * The target of every action route.
     *
     * @param request the request
     * @return the response
     */
    @Executable
    @ExecuteOn(GatedPipelineExecutor.NAME)
    public HttpResponse<?> dispatch(HttpRequest<?> request) {
        return frame.serve(request, requestId -> handle(request, requestId));
    }

    @Override
    @Nullable
    public RouteTarget bodyTarget(@NonNull HttpRequest<?> request) {
        String key = key(ServeFrame.routeMatch(request));
        Action action = key == null ? null : actions.get(key);
        return action == null ? null : RouteTarget.action(action);
    }

    private FxResponse handle(HttpRequest<?> request, String requestId) {
        UriRouteMatch<?, ?> match = ServeFrame.routeMatch(request);
        String key = key(match);
        Chain chain = key == null ? null : chains.get(key);
        if (chain == null) {
            return ServeFrame.error(ErrorCode.NOT_FOUND.exception("No action at " + request.getPath()), requestId);
        }
        Action action = actions.get(key);
        ServedBody body = frame.body(request, RouteTarget.action(action), requestId);
        FxException refusal = frame.refusal(request, body, requestId);
        if (refusal != null) {
            return ServeFrame.error(refusal, requestId);
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        match.getVariableValues().forEach((name, value) -> parameters.put(name, String.valueOf(value)));
        RequestContext context = frame.context(action.operation(), request, requestId).action(action)
            .pathParameters(parameters).body(body).build();
        return frame.run(context, request, chain);
    }

    /** @return the key of the action a match routes to, or null when it is not an action route */
    private static String key(UriRouteMatch<?, ?> match) {
        return match == null || match.getRouteInfo().getDeclaringType() != ActionController.class ? null
            : ActionRoutes.key(match.getHttpMethod(), match.getRouteInfo().getUriMatchTemplate().toString());
    }

    /** The handler as the chain element before the Response step. */
    private static Middleware handler(ActionHandler handler) {
        return (context, next) -> {
            Object result = handler.handle(context);
            if (context.response().isAborted()) {
                return;
            }
            context.payload().setResult(OperationResult.value(result));
            next.next();
        };
    }
}
