package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = "HealthIndicatorReadinessTest")
@TestDatabase
@Property(name = "fx.probes.health-indicators", value = "true")
@Property(name = "fx.probes.publish-readiness-checks", value = "true")
@Property(name = "endpoints.health.disk-space.enabled", value = "false")
@Property(name = "endpoints.health.jdbc.enabled", value = "false")
class HealthIndicatorReadinessTest {

    @Inject
    Api api;
    @Inject
    PaymentsIndicator payments;

    @Test
    void healthIndicatorsCountAsReadinessChecks() {
        Api.Reply up = api.get("/api/ready");
        assertEquals(200, up.status(), up.toString());
        assertEquals("ok", ((Map<?, ?>) up.body().get("checks")).get("health-payments"), up.toString());
        payments.status.set(HealthStatus.DOWN);
        Api.Reply down = api.get("/api/ready");
        assertEquals(503, down.status(), down.toString());
        assertEquals("fail", ((Map<?, ?>) down.body().get("checks")).get("health-payments"));
        payments.status.set(HealthStatus.UP);
    }

    @Singleton
    @Requires(property = "spec.name", value = "HealthIndicatorReadinessTest")
    static class PaymentsIndicator implements HealthIndicator {
        final AtomicReference<HealthStatus> status = new AtomicReference<>(HealthStatus.UP);

        @Override
        public Publisher<HealthResult> getResult() {
            return Publishers.just(HealthResult.builder("payments", status.get()).build());
        }
    }
}
