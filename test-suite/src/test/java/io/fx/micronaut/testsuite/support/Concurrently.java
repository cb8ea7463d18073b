package io.fx.micronaut.testsuite.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Runs requests at the same moment, each on a thread of its own, for tests of concurrent first requests. */
public final class Concurrently {

    private Concurrently() {
    }

    /**
     * Starts {@code n} calls together (released by one latch) and waits for each, at most 30 s.
     *
     * @param n    how many
     * @param call the i-th call
     * @param <T>  its answer
     * @return the answers, in call order
     */
    public static <T> List<T> run(int n, IntFunction<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<T>> calls = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        start.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return call.apply(index);
                }, pool));
            }
            start.countDown();
            List<T> answers = new ArrayList<>();
            for (CompletableFuture<T> answer : calls) {
                answers.add(answer.get(30, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }
}
