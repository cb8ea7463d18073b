package io.fx.micronaut.testsuite.limits.ratelimit;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.limits.RateLimitKeyResolver;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Map;

/**
 * The policies of {@link RateLimitTest}, each on its own Gadget operation: {@code lists} (3 a minute, the default
 * key), {@code outer} (5) then {@code inner} (2) on reads by address, {@code names} (2, by the body's name) on
 * creates, {@code brief} (1 in 2 s) then {@code long} (1 a minute) on deletes, {@code users} (2, by principal) on
 * updates, and an action {@code POST /limits/ping} with a policy of one
 * request a second in its middleware list.
 */
@Factory
@Requires(property = "spec.name", value = RateLimitTest.SPEC)
class RateLimitBeans {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Singleton
    PipelineConfigurer policies(FxLimits limits) {
        return new PipelineConfigurer() {
            @Override
            public void configure(@NonNull MiddlewareRegistry registry) {
                MiddlewareOptions gadgets = MiddlewareOptions.before().models("Gadget");
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("lists", 3, MINUTE)),
                    gadgets.operations(Operation.LIST));
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("outer", 5, MINUTE)
                    .key(RateLimitKeyResolver.ip())), gadgets.operations(Operation.READ));
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("inner", 2, MINUTE)
                    .key(RateLimitKeyResolver.ip())), gadgets.operations(Operation.READ));
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("names", 2, MINUTE)
                    .key(RateLimitKeyResolver.bodyField("name"))), gadgets.operations(Operation.CREATE));
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("brief", 1, Duration.ofSeconds(2))
                    .key(RateLimitKeyResolver.ip())), gadgets.operations(Operation.DELETE));
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("long", 1, MINUTE)
                    .key(RateLimitKeyResolver.ip())), gadgets.operations(Operation.DELETE));
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("users", 2, MINUTE)
                    .key(RateLimitKeyResolver.principal())), gadgets.operations(Operation.UPDATE));
            }
        };
    }

    @Singleton
    Action ping(FxLimits limits) {
        return Action.post("/limits/ping", context -> Map.of("data", Map.of("pong", true)))
            .middleware(limits.rateLimit(RateLimitPolicy.of("ping", 1, Duration.ofSeconds(1))
                .key(RateLimitKeyResolver.ip()))).access(ActionAccess.PUBLIC);
    }
}
