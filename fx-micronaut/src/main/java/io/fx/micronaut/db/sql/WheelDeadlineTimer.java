package io.fx.micronaut.db.sql;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The deadline timer where Netty is present: Netty's {@link HashedWheelTimer}, one daemon thread started with the
 * first expiry, ticking every {@value #TICK_MILLIS} ms (how late an expiry may fire, at most). An expiry that
 * fires is handed to the watchdog, so the wheel's thread stays free to time the others.
 */
final class WheelDeadlineTimer implements DeadlineTimer {

    private static final Logger LOG = LoggerFactory.getLogger(WheelDeadlineTimer.class);

    /** The wheel's tick. */
    static final long TICK_MILLIS = 10;

    private final HashedWheelTimer wheel = new HashedWheelTimer(runnable -> {
        Thread thread = new Thread(runnable, "fx-db-deadline-wheel");
        thread.setDaemon(true);
        return thread;
    }, TICK_MILLIS, TimeUnit.MILLISECONDS, 512, false, -1);
    private final Executor watchdog;

    /** @param watchdog runs the expiries that fire */
    WheelDeadlineTimer(Executor watchdog) {
        this.watchdog = watchdog;
    }

    @Override
    public Runnable arm(Runnable expiry, long nanos) {
        Timeout timeout = wheel.newTimeout(ignored -> handOff(expiry), nanos, TimeUnit.NANOSECONDS);
        return timeout::cancel;
    }

    private void handOff(Runnable expiry) {
        try {
            watchdog.execute(expiry);
        } catch (RejectedExecutionException e) {
            LOG.debug("The deadline watchdog is stopped; the statement is not cancelled", e);
        }
    }

    @Override
    public void stop() {
        wheel.stop();
    }
}
