package io.fx.micronaut.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.action.ActionHandler;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Chain;
import io.fx.micronaut.pipeline.CompiledPipeline;
import io.fx.micronaut.pipeline.PipelineExecutor;
import io.micronaut.context.annotation.Executable;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.uri.UriMatchTemplate;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;
import org.slf4j.MDC;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Serves the custom action routes registered by {@link ActionRoutes}: finds the action the router
 * matched, builds its context (path parameters, raw body) and runs its shortened chain, compiled
 * once at startup, on the blocking executor (once the work any {@link PipelineGate} holds it on has
 * completed).
 */
@Internal
@Singleton
public class ActionController {

    private final Map<String, Chain> chains;
    private final Map<String, Action> actions;
    private final DataStore dataStore;
    private final Models models;
    private final PipelineExecutor executor;
    private final ResponseWriter writer;
    private final FxLifecycle lifecycle;
    private final ClientConnection clientConnection;
    private final DatabaseDeadlines deadlines;
    private final BodyMediaTypes bodyMediaTypes;

    ActionController(ActionCatalog catalog, CompiledPipeline pipeline, FxConfiguration configuration,
                     DataStore dataStore, PipelineExecutor executor, ResponseWriter writer, FxLifecycle lifecycle,
                     ClientConnection clientConnection, BodyMediaTypes bodyMediaTypes,
                     DatabaseDeadlines deadlines, Models models) {
        this.models = models;
        this.deadlines = deadlines;
        this.bodyMediaTypes = bodyMediaTypes;
        this.dataStore = dataStore;
        this.executor = executor;
        this.writer = writer;
        this.lifecycle = lifecycle;
        this.clientConnection = clientConnection;
        Map<String, Chain> compiled = new HashMap<>();
        Map<String, Action> byKey = new HashMap<>();
        for (Action action : catalog.getActions()) {
            String template = UriMatchTemplate.of(ActionRoutes.fullPath(configuration, action)).toString();
            Chain chain = pipeline.compileAction(action.describe(), action.middleware(), handler(action.handler()));
            compiled.put(ActionRoutes.key(action.method(), template), chain);
            byKey.put(ActionRoutes.key(action.method(), template), action);
            if (ActionRoutes.mirrorsHead(catalog, action)) {
                compiled.put(ActionRoutes.key(io.micronaut.http.HttpMethod.HEAD, template), chain);
                byKey.put(ActionRoutes.key(io.micronaut.http.HttpMethod.HEAD, template), action);
            }
        }
        this.chains = Map.copyOf(compiled);
        this.actions = Map.copyOf(byKey);
    }

    /**
     * The target of every action route.
     *
     * @param request the request
     * @param body    the raw body, if any
     * @return the response
     */
    @Executable
    @ExecuteOn(GatedPipelineExecutor.NAME)
    public HttpResponse<?> dispatch(HttpRequest<?> request, @Body @Nullable byte[] body) {
        String requestId = RequestIds.of(request);
        MDC.put("request_id", requestId);
        lifecycle.requestStarted();
        try {
            return writer.write(handle(request, requestId, body), request.getMethod(), requestId);
        } finally {
            lifecycle.requestFinished();
            MDC.remove("request_id");
        }
    }

    private FxResponse handle(HttpRequest<?> request, String requestId, byte[] body) {
        UriRouteMatch<?, ?> match = RouteAttributes.getRouteMatch(request)
            .filter(UriRouteMatch.class::isInstance).map(m -> (UriRouteMatch<?, ?>) m).orElse(null);
        String key = match == null ? null
            : ActionRoutes.key(match.getHttpMethod(), match.getRouteInfo().getUriMatchTemplate().toString());
        Chain chain = key == null ? null : chains.get(key);
        if (chain == null) {
            return PipelineExecutor.error(ErrorCode.NOT_FOUND.exception("No action at " + request.getPath()), requestId);
        }
        FxException refusal = takesBody(request, body) ? bodyMediaTypes.refusal(request, body) : null;
        if (refusal != null) {
            return PipelineExecutor.error(refusal, requestId);
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        match.getVariableValues().forEach((name, value) -> parameters.put(name, String.valueOf(value)));
        RequestContext context = RequestContext.builder(Operation.ACTION).requestId(requestId).request(request)
            .action(actions.get(key)).pathParameters(parameters).dataStore(dataStore).models(models).rawBody(body)
            .clientClosed(() -> clientConnection.isClosed(request)).build();
        FxResponse response = RequestDeadlines.run(deadlines, clientConnection, request,
            () -> executor.execute(context, chain));
        return ContextAdditions.apply(response, context);
    }

    /** A custom action's body is checked when one was sent, and on every POST, PUT and PATCH. */
    private static boolean takesBody(HttpRequest<?> request, byte[] body) {
        return (body != null && body.length > 0) || switch (request.getMethod()) {
            case POST, PUT, PATCH -> true;
            default -> false;
        };
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
