package io.fx.micronaut.events.outbox;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded executor subscribers' handlers run on: {@code fx.events.subscriber-threads} threads and a queue of
 * a thousand; a handler that finds it full fails that attempt (retried later) instead of piling up work.
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
     * @return completes when it returned, exceptionally when it threw or the executor is full
     */
    @NonNull
    CompletableFuture<Void> run(@NonNull Callable work) {
        try {
            return CompletableFuture.runAsync(() -> {
                try {
                    work.call();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            }, executor);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @PreDestroy
    void close() {
        executor.shutdown();
    }

    /** A handler's call, which may throw. */
    @FunctionalInterface
    interface Callable {
        /** @throws Exception to fail */
        void call() throws Exception;
    }
}
