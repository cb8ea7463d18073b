package io.fx.micronaut.lifecycle;

import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;

import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HealthIndicatorReadinessCheckTest {

    private static final Duration TIMEOUT = Duration.ofMillis(300);

    /** An indicator whose publisher accepts the subscription and never publishes; it records the cancel. */
    private static final class SilentIndicator implements HealthIndicator {

        private final AtomicBoolean cancelled = new AtomicBoolean();

        @Override
        public Publisher<HealthResult> getResult() {
            return subscriber -> subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    // never answers
                }

                @Override
                public void cancel() {
                    cancelled.set(true);
                }
            });
        }
    }

    private static HealthIndicator answering(HealthStatus status) {
        return () -> subscriber -> subscriber.onSubscribe(new Subscription() {
            @Override
            public void request(long n) {
                subscriber.onNext(HealthResult.builder("disk", status).build());
            }

            @Override
            public void cancel() {
            }
        });
    }

    @Test
    void anIndicatorThatNeverPublishesFailsTheCheckAtTheTimeoutAndIsCancelled() {
        SilentIndicator silent = new SilentIndicator();
        HealthIndicatorReadinessCheck check = new HealthIndicatorReadinessCheck(silent, TIMEOUT);

        TimeoutException thrown = assertTimeoutPreemptively(Duration.ofSeconds(10),
            () -> assertThrows(TimeoutException.class, check::check));

        assertTrue(thrown.getMessage().contains("health-silent"), thrown.getMessage());
        assertTrue(silent.cancelled.get(), "the subscription was cancelled");
    }

    @Test
    void upPassesAndDownFails() {
        assertDoesNotThrow(new HealthIndicatorReadinessCheck(answering(HealthStatus.UP), TIMEOUT)::check);
        IllegalStateException down = assertThrows(IllegalStateException.class,
            new HealthIndicatorReadinessCheck(answering(HealthStatus.DOWN), TIMEOUT)::check);
        assertEquals("health indicator disk is DOWN", down.getMessage());
    }
}
