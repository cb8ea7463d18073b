package io.fx.micronaut.lifecycle;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.beans.Introspector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Runs a Micronaut {@link HealthIndicator} as a readiness check: the first result it publishes must not
 * be {@code DOWN}. The readiness probe's shared budget bounds the wait.
 */
@Internal
final class HealthIndicatorReadinessCheck implements ReadinessCheck {

    private final HealthIndicator indicator;
    private final String name;

    HealthIndicatorReadinessCheck(HealthIndicator indicator) {
        this.indicator = indicator;
        String simple = indicator.getClass().getSimpleName().replace("HealthIndicator", "").replace("Indicator", "");
        this.name = "health-" + Introspector.decapitalize(simple.isEmpty() ? indicator.getClass().getSimpleName() : simple);
    }

    @Override
    @NonNull
    public String name() {
        return name;
    }

    @Override
    public void check() throws Exception {
        CompletableFuture<HealthResult> first = new CompletableFuture<>();
        indicator.getResult().subscribe(new Subscriber<>() {
            private Subscription subscription;

            @Override
            public void onSubscribe(Subscription s) {
                subscription = s;
                s.request(1);
            }

            @Override
            public void onNext(HealthResult result) {
                first.complete(result);
                subscription.cancel();
            }

            @Override
            public void onError(Throwable t) {
                first.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                first.completeExceptionally(new IllegalStateException("the indicator published no result"));
            }
        });
        try {
            HealthResult result = first.get();
            if (HealthStatus.DOWN.equals(result.getStatus())) {
                throw new IllegalStateException("health indicator " + result.getName() + " is DOWN");
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("health indicator failed", e.getCause());
        }
    }
}
