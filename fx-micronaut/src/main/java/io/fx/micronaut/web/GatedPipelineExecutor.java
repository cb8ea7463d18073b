package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.propagation.PropagatedContext;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The executor of the generic and action routes: Micronaut's blocking executor ({@code
 * micronaut.executors.blocking}, configured as usual), except that a route whose request is held by a
 * {@link PipelineGate}, or whose buffered body is still arriving ({@link BodyPrefetch}), is handed to it only
 * when the held work completes, from the thread that completes it; and a route a {@link CallerThreadRoutes} bean
 * claims for its routing thread runs there (held only by a gate: it reads its body itself). The route keeps the
 * request's propagated context. It does not own the blocking executor: shutting it down leaves that to Micronaut.
 */
@Internal
@Singleton
@Named(GatedPipelineExecutor.NAME)
final class GatedPipelineExecutor extends AbstractExecutorService {

    /** The executor's name, for {@code @ExecuteOn}. */
    static final String NAME = "fx-pipeline";

    private static final Logger LOG = LoggerFactory.getLogger(GatedPipelineExecutor.class);

    private final ExecutorService blocking;
    private final BodyPrefetch bodies;
    private final List<CallerThreadRoutes> callerThread;

    GatedPipelineExecutor(@Named(TaskExecutors.BLOCKING) ExecutorService blocking, BodyPrefetch bodies,
                          List<CallerThreadRoutes> callerThread) {
        this.blocking = blocking;
        this.bodies = bodies;
        this.callerThread = List.copyOf(callerThread);
    }

    @Override
    public void execute(Runnable route) {
        HttpRequest<?> request = ServerRequestContext.currentRequest().orElse(null);
        boolean onCaller = request != null && onCaller(request);
        CompletableFuture<?> held = request == null ? null : held(request, onCaller);
        if (held == null) {
            if (onCaller) {
                route.run();
            } else {
                blocking.execute(route);
            }
            return;
        }
        Runnable inContext = PropagatedContext.getOrEmpty().wrap(route);
        held.whenComplete((ignored, failure) -> release(inContext));
    }

    private boolean onCaller(HttpRequest<?> request) {
        for (CallerThreadRoutes routes : callerThread) {
            if (routes.runOnCaller(request)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return what the route waits for: the gate's work, the body's read, both, or null for nothing; a route on its
     *     caller's thread reads its body there, since that thread waits for the answer anyway
     */
    private CompletableFuture<?> held(HttpRequest<?> request, boolean onCaller) {
        CompletableFuture<?> gate = PipelineGate.pending(request);
        CompletableFuture<?> body = onCaller ? null : bodies.start(request);
        if (body == null) {
            return gate;
        }
        return gate == null ? body : CompletableFuture.allOf(gate, body);
    }

    /** Hands a held route to the blocking executor; one it refuses (it is shutting down) runs here. */
    private void release(Runnable route) {
        try {
            blocking.execute(route);
        } catch (RejectedExecutionException e) {
            LOG.debug("The blocking executor refused a held route; it runs on the thread that released it", e);
            route.run();
        }
    }

    @Override
    public void shutdown() {
        // Micronaut shuts the blocking executor down
    }

    @Override
    public List<Runnable> shutdownNow() {
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return blocking.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return blocking.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return blocking.awaitTermination(timeout, unit);
    }
}
