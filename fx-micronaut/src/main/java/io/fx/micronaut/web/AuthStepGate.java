package io.fx.micronaut.web;

import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.Chain;
import io.fx.micronaut.pipeline.CompiledPipeline;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.function.Supplier;

/**
 * Runs the Auth step of the custom actions for a route fx serves outside the pipeline (the OpenAPI document
 * and its docs page), as for an action with the route's path and declared access: the same authenticators,
 * anonymous admissions and Auth-step middleware, the same 401/403 envelopes with their challenge headers.
 * A request that passes gets the route's own answer, with the headers and cookies the Auth step added; any
 * other gets the refusal. It runs in the generated routes' serve frame (request id, in-flight count, deadline).
 * Call it from a route that runs on {@link #EXECUTOR}, as authenticators may block.
 */
@Internal
@Singleton
public final class AuthStepGate {

    /** The executor of a guarded route, for {@code @ExecuteOn}: the generated routes' own. */
    public static final String EXECUTOR = GatedPipelineExecutor.NAME;

    /** What the end of the gate's chain answers: the request passed the Auth step. */
    private static final FxResponse ADMITTED = FxResponse.of(200, null);

    private final Chain chain;
    private final ServeFrame frame;
    private final ResponseWriter writer;

    AuthStepGate(CompiledPipeline pipeline, ServeFrame frame, ResponseWriter writer) {
        Middleware admit = (context, next) -> context.response().set(ADMITTED);
        this.chain = pipeline.compileAction("auth step gate", List.of(), admit);
        this.frame = frame;
        this.writer = writer;
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
        return frame.framed(request, requestId -> {
            RequestContext context = frame.context(Operation.ACTION, request, requestId).action(route).build();
            FxResponse outcome = frame.run(context, request, chain);
            if (context.response().find().orElse(null) != ADMITTED) {
                return writer.write(outcome, request.getMethod(), requestId);
            }
            MutableHttpResponse<?> served = answer.get();
            return writer.fill(served, ContextAdditions.apply(FxResponse.of(served.code(), null), context),
                request.getMethod(), requestId);
        });
    }
}
