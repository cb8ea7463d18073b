package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Holds a request's pipeline until work started for it has finished. A server filter that starts
 * asynchronous work whose answer the pipeline will need (a lookup in a remote store, say) can pass that work
 * here: the request is routed at once, but its pipeline is handed to a blocking thread only once the work
 * has completed, normally or not, so no thread waits for it there. Without a hold, a pipeline that needs the
 * answer before it is in parks its thread, and the thread that completes the work must wake it: a hand-off
 * each way per request, which on a loaded machine costs as much as the work.
 *
 * <p>The generic routes and the action routes honour holds. The work must complete on its own, within a bound
 * of the filter's choosing (for example {@link CompletableFuture#orTimeout}): the request waits for it, and so
 * does the client. What the pipeline then does with the work's result, or its failure, is up to the step
 * that uses it; the hold only decides when the pipeline starts. Several holds on one request all have to
 * complete. Call it from a request filter, before the route executes.</p>
 *
 * @since 0.6.0
 */
public final class PipelineGate {

    /** The request attribute holding the pending work. */
    static final String ATTRIBUTE = "io.fx.micronaut.web.pipeline-gate";

    private PipelineGate() {
    }

    /**
     * Holds the request's pipeline until the work has completed.
     *
     * @param request the request
     * @param work    work started for it, that completes within a bound
     */
    public static void hold(@NonNull HttpRequest<?> request, @NonNull CompletionStage<?> work) {
        Objects.requireNonNull(request, "request");
        CompletableFuture<?> added = Objects.requireNonNull(work, "work").toCompletableFuture();
        CompletableFuture<?> held = pending(request);
        request.setAttribute(ATTRIBUTE, held == null ? added : CompletableFuture.allOf(held, added));
    }

    /**
     * @param request a request
     * @return the work its pipeline waits for; null when there is none or it has completed
     */
    @Nullable
    static CompletableFuture<?> pending(@NonNull HttpRequest<?> request) {
        CompletableFuture<?> held = request.getAttribute(ATTRIBUTE, CompletableFuture.class).orElse(null);
        return held == null || held.isDone() ? null : held;
    }
}
