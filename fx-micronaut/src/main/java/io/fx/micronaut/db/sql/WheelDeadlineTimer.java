package io.fx.micronaut.db.sql;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;

import java.util.concurrent.TimeUnit;

/**
 * The deadline timer where Netty is present: Netty's {@link HashedWheelTimer}, one daemon thread started with the
 * first expiry, ticking every {@value #TICK_MILLIS} ms (how late an expiry may fire, at most).
 */
final class WheelDeadlineTimer implements DeadlineTimer {

    /** The wheel's tick. */
    static final long TICK_MILLIS = 10;

    private final HashedWheelTimer wheel = new HashedWheelTimer(runnable -> {
        Thread thread = new Thread(runnable, "fx-db-deadline-wheel");
        thread.setDaemon(true);
        return thread;
    }, TICK_MILLIS, TimeUnit.MILLISECONDS, 512, false, -1);

    @Override
    public Runnable arm(Runnable expiry, long nanos) {
        Timeout timeout = wheel.newTimeout(ignored -> expiry.run(), nanos, TimeUnit.NANOSECONDS);
        return timeout::cancel;
    }

    @Override
    public void stop() {
        wheel.stop();
    }
}
