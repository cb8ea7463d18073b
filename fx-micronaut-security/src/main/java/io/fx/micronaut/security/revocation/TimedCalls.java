package io.fx.micronaut.security.revocation;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.db.DatabaseDeadlines;

import java.time.Duration;
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
 * already moved on with {@link RevocationUnavailableException}.
 */
final class TimedCalls implements AutoCloseable {

    private final ExecutorService executor;
    private final DatabaseDeadlines deadlines;
    private final Duration timeout;

    TimedCalls(DatabaseDeadlines deadlines, Duration timeout, int threads) {
        this.deadlines = deadlines;
        this.timeout = timeout;
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), runnable -> {
                Thread thread = new Thread(runnable, "fx-revocation-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        pool.allowCoreThreadTimeOut(true);
        this.executor = pool;
    }

    <R> R call(String what, Supplier<R> work) {
        Future<R> future;
        try {
            future = executor.submit(() -> {
                try (DatabaseDeadline ignored = deadlines.start(timeout)) {
                    return work.get();
                }
            });
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

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
