package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.LimitsBackendException;
import io.fx.micronaut.limits.LimitsErrorCodes;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.ResponseState;
import io.fx.micronaut.pipeline.Step;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.micronaut.core.annotation.NonNull;

import java.util.concurrent.TimeUnit;

/**
 * One rate limit policy in a chain. Takes a request from the caller's bucket and adds the policy's member to the
 * {@code RateLimit-Policy} and {@code RateLimit} headers of whatever answer goes out; with none left, answers 429
 * {@code RATE_LIMITED} with {@code Retry-After}. A request another policy refuses later gives its request back, so a
 * refused request consumes nothing.
 */
final class RateLimitMiddleware implements ModelBoundMiddleware {

    /** The policy that refused the request, for the policies before it to give their request back. */
    private static final AttributeKey<String> REFUSED_BY = AttributeKey.of("fx.rate-limit.refused-by", String.class);
    private static final String POLICY_HEADER = "RateLimit-Policy";
    private static final String LIMIT_HEADER = "RateLimit";
    private static final String RETRY_AFTER = "Retry-After";

    private final RateLimitPolicy policy;
    private final RateLimits limits;
    private final BucketConfiguration bucket;
    private final String policyMember;

    RateLimitMiddleware(RateLimitPolicy policy, RateLimits limits) {
        this.policy = policy;
        this.limits = limits;
        this.bucket = BucketConfiguration.builder()
            .addLimit(Bandwidth.builder().capacity(policy.limit())
                .refillIntervally(policy.limit(), policy.window()).initialTokens(policy.limit()).build())
            .build();
        this.policyMember = '"' + policy.name() + "\";q=" + policy.limit() + ";w=" + policy.window().toSeconds();
    }

    @Override
    public void bind(@NonNull ModelBinding binding) {
        boolean db = binding.step() == Step.DB && binding.position() == Position.BEFORE;
        boolean auth = binding.step() == Step.AUTH && binding.position() != Position.REPLACE;
        if (!db && !auth) {
            throw new FxConfigurationException(this + " is registered on the " + binding.step() + " step at position "
                + binding.position() + " for model " + binding.model().getName()
                + "; register it on the DB step at position BEFORE, or on the AUTH step before or after the default");
        }
        if (policy.key().readsBody() && !db) {
            throw new FxConfigurationException(this + " keys on the body (" + policy.key() + "), which is parsed after"
                + " the AUTH step; register it on the DB step at position BEFORE");
        }
        limits.validate();
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String key = policy.key().resolve(context);
        if (key == null || key.isEmpty()) {
            next.next();
            return;
        }
        ConsumptionProbe probe;
        try {
            probe = limits.backend().consume(policy, bucket, key);
        } catch (LimitsBackendException | io.github.bucket4j.BucketExceptions.BucketExecutionException e) {
            unavailable(context, next, e);
            return;
        } catch (RuntimeException e) {
            unavailable(context, next, new LimitsBackendException("rate limit backend failed: " + e, e));
            return;
        }
        ResponseState response = context.response();
        append(response, POLICY_HEADER, policyMember);
        if (!probe.isConsumed()) {
            long wait = Math.max(1, seconds(probe.getNanosToWaitForRefill()));
            append(response, LIMIT_HEADER, '"' + policy.name() + "\";r=0;t=" + wait);
            String earlier = response.getHeaders().get(RETRY_AFTER);
            if (earlier == null || Long.parseLong(earlier) < wait) {
                response.setHeader(RETRY_AFTER, Long.toString(wait));
            }
            context.attributes().put(REFUSED_BY, policy.name());
            context.abort(429, LimitsErrorCodes.RATE_LIMITED.name(), "rate limit exceeded, retry in " + wait + " s");
            return;
        }
        append(response, LIMIT_HEADER, '"' + policy.name() + "\";r=" + probe.getRemainingTokens() + ";t="
            + Math.max(1, seconds(probe.getNanosToWaitForReset())));
        next.next();
        String refusedBy = context.attributes().get(REFUSED_BY).orElse(null);
        if (refusedBy != null && !refusedBy.equals(policy.name())) {
            try {
                limits.backend().refund(policy, bucket, key);
            } catch (RuntimeException e) {
                limits.failed(policy, e);
            }
        }
    }

    private void unavailable(RequestContext context, Next next, RuntimeException error) {
        limits.failed(policy, error);
        if (limits.denyOnError()) {
            context.response().setHeader(RETRY_AFTER, "1");
            context.abort(503, LimitsErrorCodes.RATE_LIMIT_UNAVAILABLE.name(),
                "rate limiting is unavailable, retry shortly");
            return;
        }
        next.next();
    }

    /** Adds a member to a structured-field list header. */
    private static void append(ResponseState response, String name, String member) {
        String earlier = response.getHeaders().get(name);
        response.setHeader(name, earlier == null ? member : earlier + ", " + member);
    }

    private static long seconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }

    @Override
    public String toString() {
        return "rateLimit(" + policy.name() + ")";
    }
}
