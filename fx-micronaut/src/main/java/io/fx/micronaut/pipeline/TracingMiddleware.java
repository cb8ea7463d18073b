package io.fx.micronaut.pipeline;


import io.fx.micronaut.config.TraceConfiguration;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wraps one chain element when {@code fx.trace.enabled} is set: logs its step, duration and abort,
 * and the field names of the body it saw. The duration and the abort are logged however the element
 * ends: continuing, aborting, or throwing (an {@link FxException} names its status and code).
 */
@Internal
final class TracingMiddleware implements Middleware {

    static final Logger LOG = LoggerFactory.getLogger("io.fx.micronaut.trace");

    private final String step;
    private final String name;
    private final Middleware delegate;
    private final TraceConfiguration trace;

    TracingMiddleware(Step step, String name, Middleware delegate, TraceConfiguration trace) {
        this(step.name(), name, delegate, trace);
    }

    /** For the stages of a custom action that are no step: its own middleware and its handler. */
    TracingMiddleware(String stage, String name, Middleware delegate, TraceConfiguration trace) {
        this.step = stage;
        this.name = name;
        this.delegate = delegate;
        this.trace = trace;
    }

    @Override
    public void handle(RequestContext context, Next next) {
        boolean abortedBefore = context.response().isAborted();
        long start = System.nanoTime();
        if (trace.isSteps()) {
            LOG.info("[{}] {} {} {}: {}", context.getRequestId(), PipelineExecutor.subject(context), context.getOperation(),
                step, name);
        }
        if (trace.isBodies() && context.payload().getBody() != null) {
            LOG.info("[{}] {}: body fields {}", context.getRequestId(), name, context.payload().getBody().keySet());
        }
        boolean[] continued = new boolean[1];
        RuntimeException thrown = null;
        try {
            delegate.handle(context, () -> {
                continued[0] = true;
                next.next();
            });
        } catch (RuntimeException e) {
            thrown = e;
            throw e;
        } finally {
            // also when the element (or what ran after it) threw: a refusal by exception is timed too
            if (trace.isTimings()) {
                LOG.info("[{}] {} {}: {} µs (including what ran after it)", context.getRequestId(), step, name,
                    (System.nanoTime() - start) / 1000);
            }
            if (trace.isAborts() && !continued[0]) {
                traceAbort(context, abortedBefore, thrown);
            }
        }
    }

    /** Logs the element that stopped the request without continuing: by aborting it, or by throwing. */
    private void traceAbort(RequestContext context, boolean abortedBefore, RuntimeException thrown) {
        if (thrown instanceof FxException fx) {
            LOG.info("[{}] {} {} aborted with {} {}", context.getRequestId(), step, name, fx.getStatus(), fx.getCode());
        } else if (thrown != null) {
            LOG.info("[{}] {} {} aborted with 500: it threw {}", context.getRequestId(), step, name,
                thrown.getClass().getName());
        } else if (!abortedBefore && context.response().isAborted()) {
            LOG.info("[{}] {} {} aborted with {}", context.getRequestId(), step, name,
                context.response().find().map(r -> String.valueOf(r.status())).orElse("?"));
        }
    }
}
