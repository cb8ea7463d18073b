package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.propagation.PropagatedContext;
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
 * {@link PipelineGate} is handed to it only when the held work completes, from the thread that completes it.
 * The route keeps the request's propagated context. It does not own the blocking executor: shutting it down
 * leaves that to Micronaut.
 */
@Internal
@Singleton
@Named(GatedPipelineExecutor.NAME)
final class GatedPipelineExecutor extends AbstractExecutorService {

    /** The executor's name, for {@code @ExecuteOn}. */
    static final String NAME = "fx-pipeline";

    private static final Logger LOG = LoggerFactory.getLogger(GatedPipelineExecutor.class);

    private final ExecutorService blocking;

    GatedPipelineExecutor(@Named(TaskExecutors.BLOCKING) ExecutorService blocking) {
        this.blocking = blocking;
    }

    @Override
    public void execute(Runnable route) {
        CompletableFuture<?> held = ServerRequestContext.currentRequest().map(PipelineGate::pending).orElse(null);
        if (held == null) {
            blocking.execute(route);
            return;
        }
        Runnable inContext = PropagatedContext.getOrEmpty().wrap(route);
        held.whenComplete((ignored, failure) -> release(inContext));
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
