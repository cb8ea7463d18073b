package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

/**
 * Tells which requests' generic and action routes run on the thread that routed them rather than on Micronaut's
 * blocking executor ({@code micronaut.executors.blocking}). Under the Netty server that thread is an event loop,
 * which must never wait for the database, so without a bean of this type every route is handed to the blocking
 * executor. An adapter that routes each request on a thread of its own, which waits for the answer anyway, answers
 * true for its requests: a Lambda function's invocation thread (fx-micronaut-aws), where the hand-off would wake a
 * second thread only for the first to sleep until it is done. A claimed route reads its request's body on that
 * thread (so claim only requests whose thread may wait for it); one held by a {@link PipelineGate} still runs where
 * the gate's work completes.
 *
 * @since 0.9.0
 */
@FunctionalInterface
public interface CallerThreadRoutes {

    /**
     * @param request a routed request, on the thread that routed it
     * @return true when its route may run on that thread
     */
    boolean runOnCaller(@NonNull HttpRequest<?> request);
}
