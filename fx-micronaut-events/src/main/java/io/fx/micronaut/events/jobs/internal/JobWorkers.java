package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a job queue: {@code fx.jobs.concurrency} workers that run handlers, and one timer for delays,
 * retries and handler timeouts. A handler running past its timeout is interrupted and its attempt fails.
 */
@Internal
final class JobWorkers {

    private static final Logger LOG = LoggerFactory.getLogger(JobWorkers.class);

    private final ThreadPoolExecutor workers;
    private final ScheduledThreadPoolExecutor timer;

    JobWorkers(int concurrency) {
        AtomicInteger count = new AtomicInteger();
        this.workers = new ThreadPoolExecutor(concurrency, concurrency, 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), runnable -> daemon(runnable, "fx-jobs-worker-" + count.incrementAndGet()));
        workers.allowCoreThreadTimeOut(true);
        this.timer = new ScheduledThreadPoolExecutor(1, runnable -> daemon(runnable, "fx-jobs-timer"));
        timer.setRemoveOnCancelPolicy(true);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    /**
     * @param work a job's run
     * @return false when the workers are shut down
     */
    boolean execute(@NonNull Runnable work) {
        try {
            workers.execute(work);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /**
     * @param work  what to do
     * @param delay when
     * @return the scheduled task, or {@code null} when the timer is shut down
     */
    @Nullable
    ScheduledFuture<?> schedule(@NonNull Runnable work, @NonNull Duration delay) {
        try {
            return timer.schedule(work, Math.max(0, delay.toMillis()), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /** @return the timer, for repeated tasks */
    @NonNull
    ScheduledExecutorService timer() {
        return timer;
    }

    /**
     * Runs a handler on the calling thread, interrupted after the timeout.
     *
     * @return {@code null} when it returned, else the failure's message
     */
    @Nullable
    String attempt(@NonNull JobHandler handler, @NonNull Job job, @NonNull Duration timeout) {
        Watchdog watchdog = new Watchdog(Thread.currentThread());
        ScheduledFuture<?> alarm = schedule(watchdog::fire, timeout);
        String error = null;
        try {
            handler.handle(job);
        } catch (InterruptedException e) {
            error = "interrupted";
        } catch (Exception | LinkageError | AssertionError e) {
            error = e.getMessage() != null ? e.getMessage() : e.getClass().getName();
            LOG.debug("Job {} ({}) attempt {} failed", job.id(), job.type(), job.attempt(), e);
        } finally {
            if (alarm != null) {
                alarm.cancel(false);
            }
            if (watchdog.disarm()) {
                Thread.interrupted();
                error = "timed out after " + timeout;
            }
        }
        return error;
    }

    /**
     * Stops taking work and waits for the jobs under way at most {@code timeout}, then interrupts them.
     *
     * @return whether they all finished in time
     */
    boolean close(@NonNull Duration timeout) {
        timer.shutdownNow();
        workers.shutdown();
        try {
            if (workers.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownNow();
        return false;
    }

    /** Interrupts a handler's thread once, unless disarmed first. */
    private static final class Watchdog {

        private final Thread thread;
        private boolean done;
        private boolean fired;

        Watchdog(Thread thread) {
            this.thread = thread;
        }

        synchronized void fire() {
            if (!done) {
                fired = true;
                thread.interrupt();
            }
        }

        /** @return whether it fired */
        synchronized boolean disarm() {
            done = true;
            return fired;
        }
    }
}
