package io.fx.micronaut.db.sql;

import io.micronaut.core.reflect.ClassUtils;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Times the expiries of request deadlines. Where Netty is present (the HTTP server), a timing wheel: arming and
 * disarming an expiry is a queue insertion that wakes no thread, and the wheel's one thread ticks every 10 ms.
 * Without Netty (a function behind API Gateway), the watchdog's scheduled executor, which signals its thread when
 * an armed expiry is the next one due.
 */
interface DeadlineTimer {

    /**
     * @param expiry runs on the watchdog when the time has passed
     * @param nanos  the time from now
     * @return disarms the expiry; idempotent
     */
    Runnable arm(Runnable expiry, long nanos);

    /** Stops timing; armed expiries never run. */
    void stop();

    /**
     * @param watchdog the executor to fall back on without Netty
     * @return the wheel where Netty's is on the class path, else a timer on the watchdog
     */
    static DeadlineTimer create(ScheduledExecutorService watchdog) {
        return ClassUtils.isPresent("io.netty.util.HashedWheelTimer", DeadlineTimer.class.getClassLoader())
            ? new WheelDeadlineTimer(watchdog) : scheduled(watchdog);
    }

    /**
     * @param watchdog the executor
     * @return a timer that schedules each expiry on the executor
     */
    static DeadlineTimer scheduled(ScheduledExecutorService watchdog) {
        return new DeadlineTimer() {
            @Override
            public Runnable arm(Runnable expiry, long nanos) {
                var future = watchdog.schedule(expiry, nanos, TimeUnit.NANOSECONDS);
                return () -> future.cancel(false);
            }

            @Override
            public void stop() {
                // the watchdog is shut down by its owner
            }
        };
    }
}
