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
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a Micronaut {@link HealthIndicator} as a readiness check: the first result it publishes must not
 * be {@code DOWN}. The readiness probe's shared budget bounds the probe's wait; the check's own thread waits at most
 * as long ({@code fx.health-timeout}), then cancels its subscription, so an indicator that never publishes holds no
 * thread.
 */
@Internal
final class HealthIndicatorReadinessCheck implements ReadinessCheck {

    private final HealthIndicator indicator;
    private final String name;
    private final Duration timeout;

    HealthIndicatorReadinessCheck(HealthIndicator indicator, Duration timeout) {
        this.indicator = indicator;
        this.timeout = timeout;
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
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        indicator.getResult().subscribe(new Subscriber<>() {
            @Override
            public void onSubscribe(Subscription s) {
                subscription.set(s);
                if (first.isDone()) {
                    s.cancel();
                } else {
                    s.request(1);
                }
            }

            @Override
            public void onNext(HealthResult result) {
                first.complete(result);
                subscription.get().cancel();
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
            HealthResult result = first.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (HealthStatus.DOWN.equals(result.getStatus())) {
                throw new IllegalStateException("health indicator " + result.getName() + " is DOWN");
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("health indicator failed", e.getCause());
        } catch (TimeoutException e) {
            first.cancel(false);
            Subscription made = subscription.get();
            if (made != null) {
                made.cancel();
            }
            throw new TimeoutException("health indicator " + name + " published no result within " + timeout);
        }
    }
}
