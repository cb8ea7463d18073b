package io.fx.micronaut.web;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.Chain;
import io.fx.micronaut.pipeline.CompiledPipeline;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineExecutor;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;
import org.slf4j.MDC;

import java.util.List;
import java.util.function.Supplier;

/**
 * Runs the Auth step of the custom actions for a route fx serves outside the pipeline (the OpenAPI document
 * and its docs page), as for an action with the route's path and declared access: the same authenticators,
 * anonymous admissions and Auth-step middleware, the same 401/403 envelopes with their challenge headers.
 * A request that passes gets the route's own answer, with the headers and cookies the Auth step added; any
 * other gets the refusal. Call it from a route that runs on {@link #EXECUTOR}, as authenticators may block.
 */
@Internal
@Singleton
public final class AuthStepGate {

    /** The executor of a guarded route, for {@code @ExecuteOn}: the generated routes' own. */
    public static final String EXECUTOR = GatedPipelineExecutor.NAME;

    /** What the end of the gate's chain answers: the request passed the Auth step. */
    private static final FxResponse ADMITTED = FxResponse.of(200, null);

    private final Chain chain;
    private final PipelineExecutor executor;
    private final ResponseWriter writer;
    private final DataStore dataStore;
    private final Models models;
    private final DatabaseDeadlines deadlines;
    private final ClientConnection clientConnection;

    AuthStepGate(CompiledPipeline pipeline, PipelineExecutor executor, ResponseWriter writer, DataStore dataStore,
                 Models models, DatabaseDeadlines deadlines, ClientConnection clientConnection) {
        Middleware admit = (context, next) -> context.response().set(ADMITTED);
        this.chain = pipeline.compileAction("auth step gate", List.of(), admit);
        this.executor = executor;
        this.writer = writer;
        this.dataStore = dataStore;
        this.models = models;
        this.deadlines = deadlines;
        this.clientConnection = clientConnection;
    }

    /**
     * @param request the request
     * @param route   the route as an action: its method, path below the prefix and declared access
     * @param answer  the route's answer, built only when the request passes
     * @return the answer, or the Auth step's refusal
     */
    @NonNull
    public MutableHttpResponse<?> serve(@NonNull HttpRequest<?> request, @NonNull ActionDescriptor route,
                                        @NonNull Supplier<MutableHttpResponse<?>> answer) {
        String requestId = RequestIds.of(request);
        MDC.put("request_id", requestId);
        try {
            RequestContext context = RequestContext.builder(Operation.ACTION).requestId(requestId).request(request)
                .action(route).dataStore(dataStore).models(models)
                .clientClosed(() -> clientConnection.isClosed(request)).build();
            FxResponse outcome = RequestDeadlines.run(deadlines, clientConnection, request,
                () -> executor.execute(context, chain));
            if (outcome != ADMITTED) {
                return writer.write(ContextAdditions.apply(outcome, context), request.getMethod(), requestId);
            }
            MutableHttpResponse<?> served = answer.get();
            return writer.fill(served, ContextAdditions.apply(FxResponse.of(served.code(), null), context),
                request.getMethod(), requestId);
        } finally {
            MDC.remove("request_id");
        }
    }
}
