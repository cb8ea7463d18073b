package io.fx.micronaut.security.revocation;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.micronaut.core.annotation.Internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs each store call on a thread of its own pool under a database deadline of {@code timeout}, and waits
 * for it at most that long. On its own thread a call never joins the request's transaction (a write commits
 * on its own; a read through {@code queryPrimary} runs on the primary), and the deadline, not the request's,
 * bounds its statement and its wait for a connection: past it the statement is cancelled and the caller has
 * already moved on with {@link RevocationUnavailableException}. The SQL store's revocations and its login
 * failure counts ({@code io.fx.micronaut.security.login}) each run on a pool of their own.
 */
@Internal
public final class TimedCalls implements AutoCloseable {

    private final ExecutorService executor;
    private final DatabaseDeadlines deadlines;
    private final Duration timeout;

    /**
     * @param deadlines the database deadlines
     * @param timeout   the deadline of each call
     * @param threads   the pool's threads
     * @param name      what the threads are called, followed by their number
     */
    public TimedCalls(DatabaseDeadlines deadlines, Duration timeout, int threads, String name) {
        this.deadlines = deadlines;
        this.timeout = timeout;
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), runnable -> new CallThread(runnable, name + count.incrementAndGet()));
        pool.allowCoreThreadTimeOut(true);
        this.executor = pool;
    }

    /**
     * Runs a call and waits for it.
     *
     * @param what what the call does, for messages
     * @param work the call
     * @param <R>  its result
     * @return its result
     * @throws RevocationUnavailableException when it fails, outlives the timeout or the pool is closed
     */
    public <R> R call(String what, Supplier<R> work) {
        Future<R> future;
        try {
            future = executor.submit(() -> timed(work));
        } catch (RejectedExecutionException e) {
            throw new RevocationUnavailableException(what + ": the store is closed", e);
        }
        try {
            return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new RevocationUnavailableException(what + " took longer than " + timeout, e);
        } catch (ExecutionException e) {
            throw new RevocationUnavailableException(what + " failed", e.getCause());
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw new RevocationUnavailableException(what + " was interrupted", e);
        }
    }

    /**
     * Starts a call under the same deadline: on the pool, returning at once (the caller bounds its own wait), or,
     * from a thread of the pool (a call continuing from a completed one), right there, returning it completed.
     * A pool thread answering a batch thereby goes on with the next one without handing it to another thread.
     *
     * @return the call's result, or its failure (a closed store: {@link RevocationUnavailableException})
     */
    public <R> CompletableFuture<R> submit(String what, Supplier<R> work) {
        if (Thread.currentThread() instanceof CallThread thread && thread.owner() == this) {
            try {
                return CompletableFuture.completedFuture(timed(work));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        try {
            return CompletableFuture.supplyAsync(() -> timed(work), executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new RevocationUnavailableException(what + ": the store is closed", e));
        }
    }

    private <R> R timed(Supplier<R> work) {
        try (DatabaseDeadline ignored = deadlines.start(timeout)) {
            return work.get();
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    /** A thread of the pool, which knows its pool. */
    private final class CallThread extends Thread {

        private CallThread(Runnable runnable, String name) {
            super(runnable, name);
            setDaemon(true);
        }

        private TimedCalls owner() {
            return TimedCalls.this;
        }
    }
}
