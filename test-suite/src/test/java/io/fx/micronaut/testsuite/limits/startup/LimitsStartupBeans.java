package io.fx.micronaut.testsuite.limits.startup;

import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.limits.RateLimitKeyResolver;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Duration;

/** One misplaced limit registration, chosen by {@value #CASE}, for {@link LimitsStartupTest}. */
@Singleton
@Requires(property = "spec.name", value = LimitsStartupTest.SPEC)
class LimitsStartupBeans implements PipelineConfigurer {

    static final String CASE = "limits-startup.case";

    private final FxLimits limits;
    private final String scenario;

    LimitsStartupBeans(FxLimits limits, @Property(name = CASE) String scenario) {
        this.limits = limits;
        this.scenario = scenario;
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        MiddlewareOptions gadgets = MiddlewareOptions.before().models("Gadget");
        RateLimitPolicy policy = RateLimitPolicy.of("startup", 5, Duration.ofMinutes(1));
        switch (scenario) {
            case "body-size-on-validate" -> registry.use(Step.VALIDATE, limits.maxBodySize(100), gadgets);
            case "body-size-after" -> registry.use(Step.DESERIALIZE, limits.maxBodySize(100),
                gadgets.at(io.fx.micronaut.pipeline.Position.AFTER));
            case "body-size-over-server" -> registry.use(Step.DESERIALIZE, limits.maxBodySize(20_000_000), gadgets);
            case "rate-limit-on-service" -> registry.use(Step.SERVICE, limits.rateLimit(policy), gadgets);
            case "body-field-on-auth" -> registry.use(Step.AUTH,
                limits.rateLimit(policy.key(RateLimitKeyResolver.bodyField("name"))), gadgets);
            case "two-policies-one-name" -> {
                registry.use(Step.DB, limits.rateLimit(policy), gadgets);
                registry.use(Step.DB, limits.rateLimit(RateLimitPolicy.of("startup", 6, Duration.ofMinutes(1))), gadgets);
            }
            case "rate-limit" -> registry.use(Step.DB, limits.rateLimit(policy), gadgets);
            default -> {
            }
        }
    }
}
