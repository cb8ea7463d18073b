package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.RateLimitConfiguration;
import io.fx.micronaut.limits.RateLimitKeyResolver;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.limits.RateLimitPolicyConfiguration;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;

/** Registers the {@code fx.rate-limit.policies.*} policies, in the order configuration lists them. */
@Internal
@Singleton
final class ConfiguredRateLimits implements PipelineConfigurer {

    private final List<RateLimitPolicyConfiguration> policies;
    private final RateLimits limits;

    ConfiguredRateLimits(List<RateLimitPolicyConfiguration> policies, RateLimits limits) {
        this.policies = List.copyOf(policies);
        this.limits = limits;
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        for (RateLimitPolicyConfiguration configured : policies) {
            String prefix = RateLimitConfiguration.PREFIX + ".policies." + configured.name();
            RateLimitPolicy policy;
            try {
                policy = new RateLimitPolicy(configured.name(), configured.limit(), configured.window(),
                    RateLimitKeyResolver.parse(configured.key()));
            } catch (IllegalArgumentException | FxConfigurationException e) {
                throw new FxConfigurationException(prefix + ": " + e.getMessage());
            }
            // "db": counted once validation passed, yet before the Service step, so never inside a transaction a
            // Service-step TransactionMiddleware opens (on H2 that holds the write lock over a Redis round trip)
            MiddlewareOptions position = switch (configured.step()) {
                case "db" -> MiddlewareOptions.after();
                case "auth" -> MiddlewareOptions.before();
                default -> throw new FxConfigurationException(prefix + ".step is db or auth, not '"
                    + configured.step() + "'");
            };
            Step step = "db".equals(configured.step()) ? Step.VALIDATE : Step.AUTH;
            MiddlewareOptions options = position.named("rate limit " + policy.name())
                .models(configured.models().toArray(String[]::new));
            if (!configured.operations().isEmpty()) {
                Operation[] operations;
                try {
                    operations = configured.operations().stream().map(Operation::named).toArray(Operation[]::new);
                } catch (IllegalArgumentException e) {
                    throw new FxConfigurationException(prefix + ".operations: " + e.getMessage());
                }
                options = options.operations(operations);
            }
            registry.use(step, limits.middleware(policy), options);
        }
    }
}
