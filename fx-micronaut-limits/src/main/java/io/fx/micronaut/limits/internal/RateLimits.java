package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.LimitsRedisConfiguration;
import io.fx.micronaut.limits.RateLimitConfiguration;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes the rate limit middleware ({@code FxLimits.rateLimit}) on the configured backend, and counts the backend's
 * failures: a WARN at most every 30 s, and {@link #backendErrors()} for metrics.
 */
@Internal
@Singleton
public final class RateLimits {

    private static final Logger LOG = LoggerFactory.getLogger(RateLimits.class);
    private static final long WARN_EVERY_NANOS = Duration.ofSeconds(30).toNanos();

    private final RateLimitConfiguration configuration;
    private final BeanProvider<LimitsRedis> redis;
    private final boolean deny;
    private final Map<String, RateLimitPolicy> policies = new ConcurrentHashMap<>();
    private final BeanProvider<MiddlewareInventory> inventory;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);
    private volatile RateLimitBackend backend;

    RateLimits(RateLimitConfiguration configuration, BeanProvider<LimitsRedis> redis,
               BeanProvider<MiddlewareInventory> inventory) {
        this.configuration = configuration;
        this.redis = redis;
        this.inventory = inventory;
        String onError = configuration.getOnBackendError();
        if (!"allow".equals(onError) && !"deny".equals(onError)) {
            throw new FxConfigurationException(RateLimitConfiguration.PREFIX + ".on-backend-error is allow or deny, not '"
                + onError + "'");
        }
        this.deny = "deny".equals(onError);
        String kind = configuration.getBackend();
        if (!"memory".equals(kind) && !"redis".equals(kind)) {
            throw new FxConfigurationException(RateLimitConfiguration.PREFIX + ".backend is memory or redis, not '"
                + kind + "'");
        }
        if (configuration.getMaxKeys() < 1) {
            throw new FxConfigurationException(RateLimitConfiguration.PREFIX + ".max-keys must be at least 1");
        }
        Duration timeout = configuration.getTimeout();
        if (timeout.isNegative() || timeout.isZero()) {
            throw new FxConfigurationException(RateLimitConfiguration.PREFIX + ".timeout must be positive");
        }
    }

    /**
     * @param policy the policy
     * @return its middleware
     * @throws FxConfigurationException when another policy of that name has another limit or window
     */
    @NonNull
    public Middleware middleware(@NonNull RateLimitPolicy policy) {
        RateLimitPolicy known = policies.putIfAbsent(policy.name(), policy);
        if (known != null && (known.limit() != policy.limit() || !known.window().equals(policy.window()))) {
            throw new FxConfigurationException("two rate limit policies are named '" + policy.name()
                + "' with different limits or windows; give each its own name");
        }
        return new RateLimitMiddleware(policy, this);
    }

    /**
     * The policies that decide together with one: those of its step in the request's chain (the Auth step's, the
     * Validate step's or the DB step's), or of the action's middleware list, in chain order. Found once per chain
     * (the model or action, by identity), operation and policy, and kept in the policy's middleware.
     *
     * @param context the request
     * @param member  the policy running
     * @return its group, itself included
     */
    List<RateLimitMiddleware> group(RequestContext context, RateLimitMiddleware member) {
        ActionDescriptor action = context.findAction().orElse(null);
        Object chain = action != null ? action : context.findModel().orElse(null);
        if (chain == null) {
            return List.of(member);
        }
        List<RateLimitMiddleware> group = member.knownGroup(chain, context.getOperation());
        if (group == null) {
            group = findGroup(action, context, member);
            member.rememberGroup(chain, context.getOperation(), group);
        }
        return group;
    }

    private List<RateLimitMiddleware> findGroup(ActionDescriptor action, RequestContext context,
                                                RateLimitMiddleware member) {
        if (action instanceof Action declared) {
            return rateLimitsIn(declared.middleware(), member);
        }
        ModelDescriptor model = context.getModel();
        for (Step step : List.of(Step.AUTH, Step.VALIDATE, Step.DB)) {
            List<Middleware> middleware = inventory.get().stepMiddleware(model, context.getOperation(), step);
            if (middleware.contains(member)) {
                return rateLimitsIn(middleware, member);
            }
        }
        return List.of(member);
    }

    private static List<RateLimitMiddleware> rateLimitsIn(List<Middleware> middleware, RateLimitMiddleware member) {
        List<RateLimitMiddleware> group = new ArrayList<>();
        for (Middleware m : middleware) {
            if (m instanceof RateLimitMiddleware limit && !group.contains(limit)) {
                group.add(limit);
            }
        }
        return group.contains(member) ? List.copyOf(group) : List.of(member);
    }

    /** @return the backend, made on first use (the Redis one needs its connection settings) */
    RateLimitBackend backend() {
        RateLimitBackend made = backend;
        if (made == null) {
            synchronized (this) {
                made = backend;
                if (made == null) {
                    made = "redis".equals(configuration.getBackend()) ? redisBackend()
                        : new MemoryRateLimitBackend(configuration.getMaxKeys());
                    backend = made;
                }
            }
        }
        return made;
    }

    private RateLimitBackend redisBackend() {
        if (!redis.isPresent()) {
            throw new FxConfigurationException(RateLimitConfiguration.PREFIX + ".backend is redis, but Lettuce"
                + " (io.micronaut.redis:micronaut-redis-lettuce) is not on the classpath or no Redis is configured"
                + " (redis.uri, or " + LimitsRedisConfiguration.PREFIX + ".server)");
        }
        return new RedisRateLimitBackend(redis.get(), configuration.getTimeout());
    }

    /** Checks the backend's configuration at startup, without connecting. */
    void validate() {
        backend();
    }

    /** @return whether a backend failure refuses the request */
    boolean denyOnError() {
        return deny;
    }

    /**
     * Counts a backend failure; logs it unless one was logged in the last 30 s.
     *
     * @param policy the policy
     * @param error  the failure
     */
    void failed(RateLimitPolicy policy, RuntimeException error) {
        long count = errors.incrementAndGet();
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            LOG.warn("Rate limit policy {}: the {} backend cannot answer ({} failures so far), requests are {}: {}",
                policy.name(), configuration.getBackend(), count, deny ? "refused" : "let through", error.getMessage());
        }
    }

    /** @return how many backend operations failed since startup */
    public long backendErrors() {
        return errors.get();
    }
}
