package io.fx.micronaut.pipeline;



import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpStatus;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;

/**
 * Runs a request through its compiled chain and turns the outcome into a response. Exceptions
 * become error envelopes; for 5xx answers the client sees only the code and the generic status text
 * while the cause is logged once with the request id. An exception's {@link FxException#getRetryAfter()}
 * becomes the answer's {@code Retry-After}.
 */
@Internal
@Singleton
public final class PipelineExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(PipelineExecutor.class);
    /** The {@code Retry-After} of a 503 {@code DB_UNAVAILABLE} that names none, in seconds. */
    static final String RETRY_AFTER_SECONDS = "2";
    private static final String RETRY_AFTER = "Retry-After";

    private final CompiledPipeline pipeline;

    /**
     * @param pipeline the compiled chains
     */
    public PipelineExecutor(CompiledPipeline pipeline) {
        this.pipeline = pipeline;
    }

    /**
     * @param context the request context
     * @return the response to send
     */
    @NonNull
    public FxResponse execute(@NonNull RequestContext context) {
        return execute(context, pipeline.chain(context.getModel(), context.getOperation()));
    }

    /**
     * Runs a context through a given chain, such as a custom action's.
     *
     * @param context the request context
     * @param chain   the chain
     * @return the response to send
     */
    @NonNull
    public FxResponse execute(@NonNull RequestContext context, @NonNull Chain chain) {
        long start = System.nanoTime();
        for (RequestObserver observer : pipeline.observers()) {
            safely(() -> observer.onStart(context));
        }
        try {
            chain.run(context);
            if (context.response().find().orElse(null) == null) {
                LOG.error("Request {}: a middleware stopped the {} {} pipeline without calling next or abort",
                    context.getRequestId(), subject(context), context.getOperation());
                context.response().set(error(ErrorCode.PANIC.exception("no response"), context.getRequestId()));
            }
        } catch (FxException e) {
            context.response().set(error(e, context.getRequestId()));
        } catch (RuntimeException | StackOverflowError e) {
            LOG.error("Request {}: unexpected failure in the {} {} pipeline", context.getRequestId(),
                subject(context), context.getOperation(), e);
            context.response().set(FxResponse.of(500, ErrorEnvelope.of(ErrorCode.PANIC.name(),
                HttpStatus.INTERNAL_SERVER_ERROR.getReason(), null)));
        }
        if (context.view().isClientClosed()) {
            LOG.warn("Request {}: 499 client closed the connection during {} {}", context.getRequestId(),
                subject(context), context.getOperation());
            context.response().set(FxResponse.of(ErrorCode.CLIENT_CLOSED_REQUEST.status(), null));
        }
        FxResponse response = context.response().find().orElse(null);
        long duration = System.nanoTime() - start;
        for (RequestObserver observer : pipeline.observers()) {
            safely(() -> observer.onComplete(context, response.status(), duration));
        }
        return response;
    }

    /**
     * Renders an exception as an error response, hiding internals of 5xx answers and logging them.
     *
     * @param e         the exception
     * @param requestId the request id
     * @return the response
     */
    @NonNull
    public static FxResponse error(@NonNull FxException e, @NonNull String requestId) {
        if (ErrorCode.DB_UNAVAILABLE.name().equals(e.getCode())) {
            // expected while the database is down: one line per request, no stack trace
            LOG.warn("Request {}: {} {}", requestId, e.getCode(), e.getCause() != null ? e.getCause().toString() : e.getMessage());
            return new FxResponse(e.getStatus(), ErrorEnvelope.of(e.getCode(), reason(e.getStatus()), null),
                Map.of(RETRY_AFTER, e.getRetryAfter().map(PipelineExecutor::seconds).orElse(RETRY_AFTER_SECONDS)));
        }
        Map<String, String> headers = e.getRetryAfter()
            .map(after -> Map.of(RETRY_AFTER, seconds(after))).orElse(Map.of());
        if (e.getStatus() >= 500) {
            LOG.error("Request {}: {} {}", requestId, e.getCode(), e.getMessage(), e.getCause() != null ? e.getCause() : e);
            return new FxResponse(e.getStatus(), ErrorEnvelope.of(e.getCode(), reason(e.getStatus()), null), headers);
        }
        return new FxResponse(e.getStatus(), ErrorEnvelope.of(e.getCode(), e.getMessage(), e.getDetails()), headers);
    }

    /** @return a {@code Retry-After} value: whole seconds, rounded up */
    private static String seconds(Duration after) {
        long seconds = after.getSeconds() + (after.getNano() > 0 ? 1 : 0);
        return Long.toString(seconds);
    }

    /** @return the model name, or the request path of a custom action, for logs */
    static String subject(RequestContext context) {
        return context.findModel().map(m -> m.getName())
            .orElseGet(() -> context.getRequest().map(r -> r.getPath()).orElse("action"));
    }

    private static String reason(int status) {
        try {
            return HttpStatus.valueOf(status).getReason();
        } catch (IllegalArgumentException e) {
            return "Error";
        }
    }

    private static void safely(Runnable observerCall) {
        try {
            observerCall.run();
        } catch (RuntimeException e) {
            LOG.warn("A request observer failed; ignored", e);
        }
    }
}
