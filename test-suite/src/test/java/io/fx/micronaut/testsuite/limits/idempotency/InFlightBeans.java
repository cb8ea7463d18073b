package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.pipeline.ActionAccess;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** For {@link IdempotencyInFlightTest}: an idempotent action whose handler holds until the test lets it finish. */
@Factory
@Requires(property = "spec.name", value = IdempotencyInFlightTest.SPEC)
class InFlightBeans {

    static final String SLOW = "/idem/slow";

    /** The handler's latches: it counts {@code started} down, then waits (10 s at most) for {@code release}. */
    static final class Gate {
        volatile CountDownLatch started = new CountDownLatch(1);
        volatile CountDownLatch release = new CountDownLatch(1);

        void reset() {
            started = new CountDownLatch(1);
            release = new CountDownLatch(1);
        }
    }

    @Singleton
    Gate gate() {
        return new Gate();
    }

    @Singleton
    HandlerCalls handlerCalls() {
        return new HandlerCalls();
    }

    @Singleton
    @Named("slow")
    Action slow(FxLimits limits, Gate gate, HandlerCalls calls) {
        return Action.post(SLOW, context -> {
            int run = calls.next(SLOW);
            gate.started.countDown();
            try {
                if (!gate.release.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the handler");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Map.of("run", run);
        }).middleware(limits.idempotency(IdempotencyConfig.defaults())).access(ActionAccess.PUBLIC);
    }
}
