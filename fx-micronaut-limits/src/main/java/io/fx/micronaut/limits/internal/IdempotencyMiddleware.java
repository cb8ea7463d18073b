package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.IdempotencyClaim;
import io.fx.micronaut.limits.IdempotencyStore;
import io.fx.micronaut.limits.IdempotentResponse;
import io.fx.micronaut.limits.LimitsBackendException;
import io.fx.micronaut.limits.LimitsErrorCodes;
import io.fx.micronaut.limits.RateLimitKeyResolver;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Makes a create (on the Deserialize step at position {@code AFTER}) or a custom action (in its middleware list)
 * idempotent per {@code Idempotency-Key}: the first request claims the entry and runs; its 2xx answer is stored
 * and replayed to every later request with the same key and body, without running anything after this
 * middleware. A failure (non-2xx, exception, streamed answer) releases the claim, so a retry runs anew.
 */
final class IdempotencyMiddleware implements ModelBoundMiddleware {

    private static final Logger LOG = LoggerFactory.getLogger(IdempotencyMiddleware.class);
    private static final long FIRST_PAUSE_NANOS = Duration.ofMillis(10).toNanos();
    private static final long LONGEST_PAUSE_NANOS = Duration.ofMillis(200).toNanos();

    private final IdempotencyStore store;
    private final IdempotencyTimes times;
    private final RateLimitKeyResolver keyResolver;
    private final boolean headerRequired;
    private final Set<String> headerRequiredModels;
    private final IdempotencyResponses responses;

    IdempotencyMiddleware(IdempotencyStore store, IdempotencyTimes times, RateLimitKeyResolver keyResolver,
                          boolean headerRequired, Set<String> headerRequiredModels, IdempotencyResponses responses) {
        this.store = store;
        this.times = times;
        this.keyResolver = keyResolver;
        this.headerRequired = headerRequired;
        this.headerRequiredModels = Set.copyOf(headerRequiredModels);
        this.responses = responses;
    }

    @Override
    public void bind(@NonNull ModelBinding binding) {
        if (binding.step() != Step.DESERIALIZE || binding.position() != Position.AFTER
            || !binding.operations().equals(Set.of(Operation.CREATE))) {
            throw new FxConfigurationException("FxLimits.idempotency() is registered on the " + binding.step()
                + " step at position " + binding.position() + " for model " + binding.model().getName()
                + (binding.operations().isEmpty() ? ", every operation" : ", operations " + binding.operations())
                + "; register it on the DESERIALIZE step at position AFTER for CREATE only"
                + " (or in a custom action's middleware list)");
        }
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String route = route(context);
        if (route == null) {
            next.next();
            return;
        }
        Optional<String> header = context.view().getHeader(IdempotencyKeys.HEADER);
        if (header.isEmpty()) {
            if (headerRequired || context.findModel().filter(m -> headerRequiredModels.contains(m.getName())).isPresent()) {
                abort(context, LimitsErrorCodes.IDEMPOTENCY_KEY_REQUIRED, "This request needs an Idempotency-Key header");
                return;
            }
            next.next();
            return;
        }
        String key = IdempotencyKeys.parse(header.get());
        if (key == null) {
            abort(context, LimitsErrorCodes.INVALID_IDEMPOTENCY_KEY,
                "An Idempotency-Key is 1 to 255 printable ASCII characters");
            return;
        }
        String scope = keyResolver.resolve(context);
        if (scope == null || scope.isEmpty()) {
            next.next();
            return;
        }
        guard(context, next, IdempotencyKeys.entry(scope, route, key),
            IdempotencyKeys.fingerprint(context.payload().getRawBody()));
    }

    /** @return the model's name for a create, the action's path for an action; null for anything else */
    private static String route(RequestContext context) {
        Operation operation = context.getOperation();
        if (Operation.CREATE.equals(operation)) {
            return context.findModel().map(model -> model.getName()).orElse(null);
        }
        if (Operation.ACTION.equals(operation)) {
            return context.findAction().map(ActionDescriptor::path).orElse(null);
        }
        return null;
    }

    private void guard(RequestContext context, Next next, String entry, String fingerprint) {
        IdempotencyClaim claim;
        try {
            claim = await(entry, fingerprint);
        } catch (LimitsBackendException e) {
            // debug only: an outage would log every keyed request; the Redis connection logs going down once
            LOG.debug("Idempotency store unavailable, request {} refused: {}", context.getRequestId(), e.getMessage());
            abort(context, LimitsErrorCodes.IDEMPOTENCY_UNAVAILABLE, "Idempotency is unavailable, try again later");
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            context.response().setHeader("Retry-After", "1");
            abort(context, LimitsErrorCodes.IDEMPOTENCY_KEY_IN_USE, "A request with this Idempotency-Key is running");
            return;
        }
        if (claim instanceof IdempotencyClaim.Claimed claimed) {
            run(context, next, entry, claimed);
        } else if (!claim.fingerprint().equals(fingerprint)) {
            abort(context, LimitsErrorCodes.IDEMPOTENCY_KEY_REUSED,
                "This Idempotency-Key was used with another request body");
        } else if (claim instanceof IdempotencyClaim.Completed completed) {
            context.response().set(responses.replay(completed.response()));
        } else {
            context.response().setHeader("Retry-After", "1");
            abort(context, LimitsErrorCodes.IDEMPOTENCY_KEY_IN_USE, "A request with this Idempotency-Key is running");
        }
    }

    /** Claims the entry, waiting while a first request with the same body runs, up to {@code wait}. */
    private IdempotencyClaim await(String entry, String fingerprint) throws InterruptedException {
        long deadline = System.nanoTime() + times.patience().toNanos();
        long pause = FIRST_PAUSE_NANOS;
        while (true) {
            IdempotencyClaim claim = store.claim(entry, fingerprint, times.lockTimeout());
            long left = deadline - System.nanoTime();
            if (!(claim instanceof IdempotencyClaim.InFlight) || !claim.fingerprint().equals(fingerprint) || left <= 0) {
                return claim;
            }
            Thread.sleep(Duration.ofNanos(Math.min(pause, left)).toMillis() + 1);
            pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
        }
    }

    private void run(RequestContext context, Next next, String entry, IdempotencyClaim.Claimed claim) {
        boolean kept = false;
        try {
            next.next();
            kept = keep(context, entry, claim);
        } finally {
            if (!kept) {
                release(context, entry, claim);
            }
        }
    }

    /** @return whether the answer is stored (or the claim was lost to another request), so nothing is released */
    private boolean keep(RequestContext context, String entry, IdempotencyClaim.Claimed claim) {
        FxResponse response = context.response().find().orElse(null);
        if (context.response().isAborted() || response == null || response.status() < 200 || response.status() > 299) {
            return false;
        }
        IdempotentResponse answer = responses.capture(context, response);
        if (answer == null) {
            return false;
        }
        try {
            if (!store.complete(entry, claim, answer, times.ttl())) {
                LOG.warn("Request {} held its Idempotency-Key past the lock timeout; its answer is not kept",
                    context.getRequestId());
            }
            return true;
        } catch (LimitsBackendException e) {
            LOG.warn("Request {}: its answer could not be kept for replay: {}", context.getRequestId(), e.getMessage());
            return false;
        }
    }

    private void release(RequestContext context, String entry, IdempotencyClaim.Claimed claim) {
        try {
            store.release(entry, claim);
        } catch (RuntimeException e) {
            LOG.warn("Request {}: its Idempotency-Key could not be released; it frees at the lock timeout: {}",
                context.getRequestId(), e.getMessage());
        }
    }

    private static void abort(RequestContext context, ErrorCode code, String message) {
        context.abort(code.status(), code.name(), message);
    }

    @Override
    public String toString() {
        return "FxLimits.idempotency()";
    }
}
