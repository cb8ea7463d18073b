package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.LimitsBackendException;
import io.fx.micronaut.limits.LimitsErrorCodes;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.ResponseState;
import io.fx.micronaut.pipeline.Step;
import io.github.bucket4j.ConsumptionProbe;
import io.micronaut.core.annotation.NonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One rate limit policy in a chain. The first policy of a step to run decides for every policy of that step (or of
 * an action's list), in chain order: each takes a request from the caller's bucket and adds its member to the
 * {@code RateLimit-Policy} and {@code RateLimit} headers of whatever answer goes out. When any has none left, every
 * request taken is given back (a refused request consumes nothing) and the answer is 429 {@code RATE_LIMITED} with
 * the longest wait among the refusing policies in {@code Retry-After}; the later policies of the step then pass.
 */
final class RateLimitMiddleware implements ModelBoundMiddleware {

    /** The policies that already decided for this request. */
    @SuppressWarnings("unchecked")
    private static final AttributeKey<Set<RateLimitMiddleware>> DECIDED =
        (AttributeKey<Set<RateLimitMiddleware>>) (AttributeKey<?>) AttributeKey.of("fx.rate-limit.decided", Set.class);
    private static final String POLICY_HEADER = "RateLimit-Policy";
    private static final String LIMIT_HEADER = "RateLimit";
    private static final String RETRY_AFTER = "Retry-After";

    private final RateLimitPolicy policy;
    private final RateLimits limits;
    private final String policyMember;
    private final String limitMemberPrefix;
    /**
     * This policy's groups ({@link RateLimits#group}) by chain (a model or action descriptor, by identity) and
     * operation: copied on each addition, which stops once every route has run, so a lookup takes no lock.
     */
    private volatile Map<Object, Map<Operation, List<RateLimitMiddleware>>> groups = new IdentityHashMap<>();

    RateLimitMiddleware(RateLimitPolicy policy, RateLimits limits) {
        this.policy = policy;
        this.limits = limits;
        this.policyMember = '"' + policy.name() + "\";q=" + policy.limit() + ";w=" + policy.window().toSeconds();
        this.limitMemberPrefix = '"' + policy.name() + "\";r=";
    }

    @Override
    public void bind(@NonNull ModelBinding binding) {
        boolean validated = binding.step() == Step.VALIDATE && binding.position() == Position.AFTER
            || binding.step() == Step.DB && binding.position() == Position.BEFORE;
        boolean auth = binding.step() == Step.AUTH && binding.position() != Position.REPLACE;
        if (!validated && !auth) {
            throw new FxConfigurationException(this + " is registered on the " + binding.step() + " step at position "
                + binding.position() + " for model " + binding.model().getName() + "; register it on the VALIDATE step"
                + " at position AFTER (or the DB step at position BEFORE), or on the AUTH step before or after the default");
        }
        if (policy.key().readsBody() && !validated) {
            throw new FxConfigurationException(this + " keys on the body (" + policy.key() + "), which is parsed after"
                + " the AUTH step; register it on the VALIDATE step at position AFTER");
        }
        limits.validate();
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        Set<RateLimitMiddleware> decided = context.attributes().get(DECIDED).orElse(null);
        if (decided != null && decided.contains(this)) {
            next.next();
            return;
        }
        if (decided == null) {
            decided = Collections.newSetFromMap(new IdentityHashMap<>(4));
            context.attributes().put(DECIDED, decided);
        }
        List<RateLimitMiddleware> group = limits.group(context, this);
        List<Taken> taken = new ArrayList<>(group.size());
        long longestWait = 0;
        boolean unavailable = false;
        for (RateLimitMiddleware member : group) {
            if (!decided.add(member)) {
                continue;
            }
            String key = member.policy.key().resolve(context);
            if (key == null || key.isEmpty()) {
                continue;
            }
            ConsumptionProbe probe;
            try {
                probe = limits.backend().consume(member.policy, key);
            } catch (RuntimeException e) {
                limits.failed(member.policy, e instanceof LimitsBackendException backend ? backend
                    : new LimitsBackendException("rate limit backend failed: " + e, e));
                unavailable |= limits.denyOnError();
                continue;
            }
            if (probe.isConsumed()) {
                taken.add(new Taken(member, key, probe.getRemainingTokens(), probe.getNanosToWaitForReset()));
            } else {
                long wait = Math.max(1, seconds(probe.getNanosToWaitForRefill()));
                longestWait = Math.max(longestWait, wait);
                taken.add(new Taken(member, null, 0, TimeUnit.SECONDS.toNanos(wait)));
            }
        }
        boolean refused = longestWait > 0 || unavailable;
        ResponseState response = context.response();
        for (Taken t : taken) {
            long remaining = t.remaining;
            if (refused && t.key != null) {
                remaining++;
                try {
                    limits.backend().refund(t.member.policy, t.key);
                } catch (RuntimeException e) {
                    limits.failed(t.member.policy, e);
                }
            }
            append(response, POLICY_HEADER, t.member.policyMember);
            append(response, LIMIT_HEADER, t.member.limitMemberPrefix + remaining + ";t="
                + Math.max(1, seconds(t.resetNanos)));
        }
        if (longestWait > 0) {
            response.setHeader(RETRY_AFTER, Long.toString(longestWait));
            context.abort(429, LimitsErrorCodes.RATE_LIMITED.name(), "rate limit exceeded, retry in " + longestWait + " s");
            return;
        }
        if (unavailable) {
            response.setHeader(RETRY_AFTER, "1");
            context.abort(503, LimitsErrorCodes.RATE_LIMIT_UNAVAILABLE.name(),
                "rate limiting is unavailable, retry shortly");
            return;
        }
        next.next();
    }

    /**
     * @param chain     the request's model or action descriptor
     * @param operation the request's operation
     * @return the group found for them before; null when none was
     */
    List<RateLimitMiddleware> knownGroup(Object chain, Operation operation) {
        Map<Operation, List<RateLimitMiddleware>> byOperation = groups.get(chain);
        return byOperation == null ? null : byOperation.get(operation);
    }

    /**
     * Keeps the group found for a chain and operation.
     *
     * @param chain     the request's model or action descriptor
     * @param operation the request's operation
     * @param group     its group
     */
    synchronized void rememberGroup(Object chain, Operation operation, List<RateLimitMiddleware> group) {
        Map<Object, Map<Operation, List<RateLimitMiddleware>>> copy = new IdentityHashMap<>(groups);
        Map<Operation, List<RateLimitMiddleware>> byOperation = new HashMap<>(copy.getOrDefault(chain, Map.of()));
        byOperation.put(operation, group);
        copy.put(chain, byOperation);
        groups = copy;
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

    /**
     * What one policy did for the request.
     *
     * @param member     the policy
     * @param key        the key whose request it took; null when it refused
     * @param remaining  the requests left in the window
     * @param resetNanos the time to the window's end, or the wait when it refused
     */
    private record Taken(RateLimitMiddleware member, String key, long remaining, long resetNanos) {
    }
}
