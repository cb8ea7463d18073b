package io.fx.micronaut.lifecycle;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.management.health.indicator.HealthIndicator;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * With {@code fx.probes.health-indicators=true} and Micronaut Management present, every
 * {@link HealthIndicator} bean also counts as a readiness check named {@code health-<indicator>}.
 */
@Internal
@Singleton
@Requires(classes = HealthIndicator.class)
@Requires(property = "fx.probes.health-indicators", value = "true")
class HealthIndicatorReadinessChecks implements ReadinessCheckSource {

    private final List<ReadinessCheck> checks;

    HealthIndicatorReadinessChecks(List<HealthIndicator> indicators, FxConfiguration configuration) {
        this.checks = indicators.stream().<ReadinessCheck>map(indicator -> new HealthIndicatorReadinessCheck(indicator,
            configuration.getHealthTimeout())).toList();
    }

    @Override
    @NonNull
    public List<ReadinessCheck> readinessChecks() {
        return checks;
    }
}
