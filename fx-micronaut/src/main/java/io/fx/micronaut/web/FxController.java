package io.fx.micronaut.web;

import io.fx.micronaut.config.QueryLimitsConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContextBuilder;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.context.annotation.Executable;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Options;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Put;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.web.router.UriRouteMatch;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The generic controller serving every registered model under {@code fx.path-prefix}, and its sub-resources.
 * It resolves the model, builds the request context and runs the compiled pipeline in the {@link ServeFrame}
 * on the blocking executor, never on the event loop, once the work any {@link PipelineGate} holds it on has
 * completed. HEAD is served by the GET routes (Micronaut adds a HEAD route to each {@code @Get}), running as
 * the GET it mirrors and answering without a body. Create and update read their JSON body within the route's
 * limit ({@link BodySizeLimit}); a sub-resource reads its own.
 */
@Internal
@Controller("${fx.path-prefix:/api}")
@ExecuteOn(GatedPipelineExecutor.NAME)
@Consumes({MediaType.APPLICATION_JSON, MediaType.ALL})
public class FxController implements BodyRoutes {

    private final ModelRegistry registry;
    private final ServeFrame frame;
    private final SubResourceRoutes subResources;
    private final int maxUriLength;

    FxController(ModelRegistry registry, ServeFrame frame, SubResourceRoutes subResources,
                 QueryLimitsConfiguration limits) {
        this.registry = registry;
        this.frame = frame;
        this.subResources = subResources;
        this.maxUriLength = limits.getMaxUriLength();
    }

    @Get("/{collection}")
    HttpResponse<?> list(HttpRequest<?> request, @PathVariable String collection) {
        return serve(request, collection, null);
    }

    @Get("/{collection}/{id}")
    HttpResponse<?> read(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id);
    }

    @Get("/{collection}/{id}/{name}")
    HttpResponse<?> subResource(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id,
                                @PathVariable String name) {
        return frame.serve(request, requestId -> {
            ModelDescriptor model = registry.findByCollection(collection).orElse(null);
            SubResource sub = model == null ? null : subResources.find(model, name).orElse(null);
            if (sub == null) {
                return ServeFrame.error(ErrorCode.NOT_FOUND.exception("No route for " + request.getPath()), requestId);
            }
            if (!sub.methods().contains(HttpMethod.GET)) {
                return methodNotAllowed("The method is not allowed on this path", allowed(sub), requestId);
            }
            return handle(request, requestId, model, id, sub);
        });
    }

    /**
     * The target of the routes {@link SubResourceRoutes} registers: a sub-resource's methods other than GET.
     *
     * @param request the request
     * @return the response
     */
    @Executable
    @ExecuteOn(GatedPipelineExecutor.NAME)
    public HttpResponse<?> subResourceMethod(HttpRequest<?> request) {
        return frame.serve(request, requestId -> {
            UriRouteMatch<?, ?> match = ServeFrame.routeMatch(request);
            SubResourceRoutes.Served served = match == null ? null : subResources.served(match);
            if (served == null) {
                return ServeFrame.error(ErrorCode.NOT_FOUND.exception("No route for " + request.getPath()), requestId);
            }
            Object id = match.getVariableValues().get("id");
            return handle(request, requestId, served.model(), id == null ? null : id.toString(), served.subResource());
        });
    }

    @Post("/{collection}")
    HttpResponse<?> create(HttpRequest<?> request, @PathVariable String collection) {
        return serve(request, collection, null);
    }

    @Patch("/{collection}/{id}")
    HttpResponse<?> update(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id);
    }

    @Delete("/{collection}/{id}")
    HttpResponse<?> delete(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id);
    }

    @Options("/{collection}")
    HttpResponse<?> optionsCollection(HttpRequest<?> request, @PathVariable String collection) {
        return serve(request, collection, null);
    }

    @Options("/{collection}/{id}")
    HttpResponse<?> optionsRecord(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id);
    }

    /**
     * OPTIONS on a sub-resource: 204 with the methods it serves in {@code Allow} (a sub-resource's own pipelines are
     * per method; a preflight or a client asking what it may do gets its answer without running one).
     */
    @Options("/{collection}/{id}/{name}")
    HttpResponse<?> optionsSubResource(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id,
                                       @PathVariable String name) {
        return frame.serve(request, requestId -> {
            ModelDescriptor model = registry.findByCollection(collection).orElse(null);
            SubResource sub = model == null ? null : subResources.find(model, name).orElse(null);
            if (sub == null) {
                return ServeFrame.error(ErrorCode.NOT_FOUND.exception("No route for " + request.getPath()), requestId);
            }
            return new FxResponse(204, null, Map.of("Allow", allowed(sub)));
        });
    }

    @Put("/{collection}")
    HttpResponse<?> putCollection(HttpRequest<?> request, @PathVariable String collection) {
        return putNotAllowed(request, collection, false);
    }

    @Put("/{collection}/{id}")
    HttpResponse<?> putRecord(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return putNotAllowed(request, collection, true);
    }

    @Override
    @Nullable
    public RouteTarget bodyTarget(@NonNull HttpRequest<?> request) {
        UriRouteMatch<?, ?> match = ServeFrame.routeMatch(request);
        if (match == null || match.getRouteInfo().getDeclaringType() != FxController.class) {
            return null;
        }
        SubResourceRoutes.Served served = subResources.served(match);
        if (served != null) {
            return RouteTarget.subResource(served.subResource().operation(match.getHttpMethod()), served.model(),
                served.subResource());
        }
        Object collection = match.getVariableValues().get("collection");
        ModelDescriptor model = collection == null ? null : registry.findByCollection(collection.toString()).orElse(null);
        Operation operation = Operation.of(match.getHttpMethod(), match.getVariableValues().containsKey("id"));
        return model != null && writes(operation) ? RouteTarget.model(operation, model) : null;
    }

    /** PUT is not part of the generated API: 405 with the methods that are, or 404 for an unknown collection. */
    private HttpResponse<?> putNotAllowed(HttpRequest<?> request, String collection, boolean record) {
        return frame.serve(request, requestId -> registry.findByCollection(collection).isEmpty()
            ? unknownCollection(collection, requestId)
            : methodNotAllowed("PUT is not supported; use PATCH to update", Operation.allowedMethods(record), requestId));
    }

    private static FxResponse methodNotAllowed(String message, String allow, String requestId) {
        FxResponse error = ServeFrame.error(ErrorCode.METHOD_NOT_ALLOWED.exception(message), requestId);
        return new FxResponse(error.status(), error.body(), Map.of("Allow", allow));
    }

    /** @return the methods a sub-resource serves, HEAD with GET, then OPTIONS, for the {@code Allow} header */
    static String allowed(SubResource sub) {
        return sub.methods().stream().map(HttpMethod::name).sorted()
            .map(m -> m.equals("GET") ? "GET, HEAD" : m).collect(Collectors.joining(", ")) + ", OPTIONS";
    }

    private static FxResponse unknownCollection(String collection, String requestId) {
        return ServeFrame.error(ErrorCode.NOT_FOUND.exception("No collection named '" + collection + "'"), requestId);
    }

    private HttpResponse<?> serve(HttpRequest<?> request, String collection, String id) {
        return frame.serve(request, requestId -> {
            ModelDescriptor model = registry.findByCollection(collection).orElse(null);
            Operation operation = Operation.of(request.getMethod(), id != null);
            if (tooLong(request)) {
                return uriTooLong(requestId);
            }
            if (model == null || operation == null) {
                return unknownCollection(collection, requestId);
            }
            RequestContextBuilder context = frame.context(operation, request, requestId).model(model).recordId(id);
            if (writes(operation)) {
                ServedBody body = frame.body(request, RouteTarget.model(operation, model), requestId);
                FxException refusal = frame.refusal(request, body, requestId);
                if (refusal != null) {
                    return ServeFrame.error(refusal, requestId);
                }
                context.body(body);
            }
            return frame.run(context.build(), request, null);
        });
    }

    /** A sub-resource's method: the pipeline of its operation, with the body (unread) for a method other than GET. */
    private FxResponse handle(HttpRequest<?> request, String requestId, ModelDescriptor model, String id,
                              SubResource sub) {
        if (tooLong(request)) {
            return uriTooLong(requestId);
        }
        HttpMethod method = request.getMethod() == HttpMethod.HEAD ? HttpMethod.GET : request.getMethod();
        Operation operation = sub.operation(method);
        RequestContextBuilder context = frame.context(operation, request, requestId).model(model).recordId(id)
            .subResource(sub);
        if (method != HttpMethod.GET) {
            ServedBody body = frame.body(request, RouteTarget.subResource(operation, model, sub), requestId);
            FxException refusal = frame.refusal(request, body, requestId);
            if (refusal != null) {
                return ServeFrame.error(refusal, requestId);
            }
            context.body(body);
        }
        return frame.run(context.build(), request, null);
    }

    private boolean tooLong(HttpRequest<?> request) {
        return request.getUri().toString().length() > maxUriLength;
    }

    private FxResponse uriTooLong(String requestId) {
        return ServeFrame.error(ErrorCode.URI_TOO_LONG.exception("The request URI exceeds " + maxUriLength + " bytes"),
            requestId);
    }

    private static boolean writes(Operation operation) {
        return Operation.CREATE.equals(operation) || Operation.UPDATE.equals(operation);
    }
}
