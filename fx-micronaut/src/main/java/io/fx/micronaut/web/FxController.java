package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.config.QueryLimitsConfiguration;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.pipeline.PipelineExecutor;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
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
import org.slf4j.MDC;

import java.util.Map;

/**
 * The generic controller serving every registered model under {@code fx.path-prefix}. It resolves the
 * model, builds the request context and runs the compiled pipeline on the blocking executor, never on
 * the event loop, once the work any {@link PipelineGate} holds it on has completed. HEAD is served by the
 * GET routes (Micronaut adds a HEAD route to each {@code @Get}), running as the GET it mirrors and answering
 * without a body.
 */
@Internal
@Controller("${fx.path-prefix:/api}")
@ExecuteOn(GatedPipelineExecutor.NAME)
@Consumes({MediaType.APPLICATION_JSON, MediaType.ALL})
public class FxController {

    private final ModelRegistry registry;
    private final DataStore dataStore;
    private final Models models;
    private final PipelineExecutor executor;
    private final ResponseWriter writer;
    private final FxLifecycle lifecycle;
    private final ClientConnection clientConnection;
    private final DatabaseDeadlines deadlines;
    private final BodyMediaTypes bodyMediaTypes;
    private final SubResourceRoutes subResources;
    private final int maxUriLength;
    private final String serviceName;

    FxController(ModelRegistry registry, DataStore dataStore, PipelineExecutor executor, ResponseWriter writer,
                 FxLifecycle lifecycle, FxConfiguration configuration,
                 QueryLimitsConfiguration limits, ClientConnection clientConnection,
                 BodyMediaTypes bodyMediaTypes, SubResourceRoutes subResources, DatabaseDeadlines deadlines,
                 Models models) {
        this.models = models;
        this.subResources = subResources;
        this.deadlines = deadlines;
        this.clientConnection = clientConnection;
        this.bodyMediaTypes = bodyMediaTypes;
        this.registry = registry;
        this.dataStore = dataStore;
        this.executor = executor;
        this.writer = writer;
        this.lifecycle = lifecycle;
        this.maxUriLength = limits.getMaxUriLength();
        this.serviceName = configuration.getServiceName().orElse(null);
    }

    @Get("/{collection}")
    HttpResponse<?> list(HttpRequest<?> request, @PathVariable String collection) {
        return serve(request, collection, null, null);
    }

    @Get("/{collection}/{id}")
    HttpResponse<?> read(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id, null);
    }

    @Get("/{collection}/{id}/{name}")
    HttpResponse<?> subResource(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id,
                                @PathVariable String name) {
        String requestId = RequestIds.of(request);
        ModelDescriptor model = registry.findByCollection(collection).orElse(null);
        SubResource sub = model == null ? null : subResources.find(model, name).orElse(null);
        if (sub == null) {
            return writer.write(PipelineExecutor.error(ErrorCode.NOT_FOUND.exception("No route for "
                + request.getPath()), requestId), request.getMethod(), requestId);
        }
        return serve(request, collection, id, null, sub);
    }

    @Post("/{collection}")
    HttpResponse<?> create(HttpRequest<?> request, @PathVariable String collection, @Body @Nullable byte[] body) {
        return serve(request, collection, null, body);
    }

    @Patch("/{collection}/{id}")
    HttpResponse<?> update(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id,
                           @Body @Nullable byte[] body) {
        return serve(request, collection, id, body);
    }

    @Delete("/{collection}/{id}")
    HttpResponse<?> delete(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id, null);
    }

    @Options("/{collection}")
    HttpResponse<?> optionsCollection(HttpRequest<?> request, @PathVariable String collection) {
        return serve(request, collection, null, null);
    }

    @Options("/{collection}/{id}")
    HttpResponse<?> optionsRecord(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return serve(request, collection, id, null);
    }

    @Put("/{collection}")
    HttpResponse<?> putCollection(HttpRequest<?> request, @PathVariable String collection) {
        return methodNotAllowed(request, collection, false);
    }

    @Put("/{collection}/{id}")
    HttpResponse<?> putRecord(HttpRequest<?> request, @PathVariable String collection, @PathVariable String id) {
        return methodNotAllowed(request, collection, true);
    }

    /** PUT is not part of the generated API: 405 with the methods that are, or 404 for an unknown collection. */
    private HttpResponse<?> methodNotAllowed(HttpRequest<?> request, String collection, boolean record) {
        String requestId = RequestIds.of(request);
        FxResponse response;
        if (registry.findByCollection(collection).isEmpty()) {
            response = unknownCollection(collection, requestId);
        } else {
            FxResponse error = PipelineExecutor.error(ErrorCode.METHOD_NOT_ALLOWED.exception(
                "PUT is not supported; use PATCH to update"), requestId);
            response = new FxResponse(error.status(), error.body(), Map.of("Allow", Operation.allowedMethods(record)));
        }
        return writer.write(response, request.getMethod(), requestId);
    }

    private static FxResponse unknownCollection(String collection, String requestId) {
        return PipelineExecutor.error(ErrorCode.NOT_FOUND.exception("No collection named '" + collection + "'"), requestId);
    }

    private HttpResponse<?> serve(HttpRequest<?> request, String collection, String id, byte[] body) {
        return serve(request, collection, id, body, null);
    }

    private HttpResponse<?> serve(HttpRequest<?> request, String collection, String id, byte[] body, SubResource sub) {
        String requestId = RequestIds.of(request);
        MDC.put("request_id", requestId);
        if (serviceName != null) {
            MDC.put("service", serviceName);
        }
        lifecycle.requestStarted();
        try {
            return writer.write(handle(request, requestId, collection, id, body, sub), request.getMethod(), requestId);
        } finally {
            lifecycle.requestFinished();
            MDC.remove("request_id");
            MDC.remove("service");
        }
    }

    private FxResponse handle(HttpRequest<?> request, String requestId, String collection, String id, byte[] body,
                              SubResource sub) {
        if (request.getUri().toString().length() > maxUriLength) {
            return PipelineExecutor.error(ErrorCode.URI_TOO_LONG.exception("The request URI exceeds "
                + maxUriLength + " bytes"), requestId);
        }
        ModelDescriptor model = registry.findByCollection(collection).orElse(null);
        Operation operation = sub != null ? sub.operation() : Operation.of(request.getMethod(), id != null);
        if (model == null || operation == null) {
            return unknownCollection(collection, requestId);
        }
        if (Operation.CREATE.equals(operation) || Operation.UPDATE.equals(operation)) {
            FxException refusal = bodyMediaTypes.refusal(request, body);
            if (refusal != null) {
                return PipelineExecutor.error(refusal, requestId);
            }
        }
        RequestContext context = RequestContext.builder(operation).requestId(requestId).request(request).model(model)
            .recordId(id).subResource(sub).dataStore(dataStore).models(models).rawBody(body)
            .clientClosed(() -> clientConnection.isClosed(request)).build();
        FxResponse response = RequestDeadlines.run(deadlines, clientConnection, request,
            () -> executor.execute(context));
        return ContextAdditions.apply(response, context);
    }
}
