package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded executor subscribers' handlers run on: {@code fx.events.subscriber-threads} threads and a queue of
 * a thousand; a handler that finds it full fails that attempt (retried later) instead of piling up work, and a
 * handler still running when its attempt times out is interrupted.
 */
@Internal
@Singleton
final class SubscriberExecutor {

    private static final int QUEUE = 1000;

    private final ThreadPoolExecutor executor;

    SubscriberExecutor(EventsConfiguration configuration) {
        int threads = Math.max(1, configuration.getSubscriberThreads());
        AtomicInteger count = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE),
            runnable -> {
                Thread thread = new Thread(runnable, "fx-events-subscriber-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            }, new ThreadPoolExecutor.AbortPolicy());
        executor.allowCoreThreadTimeOut(true);
    }

    /**
     * @param work a handler's call
     * @return completes when it returned, exceptionally when it threw or the executor is full; completing it
     *     exceptionally first (the relay's timeout) interrupts the call, or skips it if it has not started
     */
    @NonNull
    CompletableFuture<Void> run(@NonNull Callable work) {
        CompletableFuture<Void> result = new CompletableFuture<>();
        Future<?> task;
        try {
            task = executor.submit(() -> {
                if (result.isDone()) {
                    return;
                }
                try {
                    work.call();
                    result.complete(null);
                } catch (Exception | Error e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
        result.whenComplete((done, failure) -> {
            if (failure != null) {
                task.cancel(true);
            }
        });
        return result;
    }

    @PreDestroy
    void close() {
        executor.shutdownNow();
    }

    /** A handler's call, which may throw. */
    @FunctionalInterface
    interface Callable {
        /** @throws Exception to fail */
        void call() throws Exception;
    }
}
