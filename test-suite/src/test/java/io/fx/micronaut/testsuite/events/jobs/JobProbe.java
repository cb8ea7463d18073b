package io.fx.micronaut.testsuite.events.jobs;

import io.micronaut.context.annotation.Requires;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** What the test handlers of one application context saw: runs per job, attempt times, concurrency. */
@Singleton
@Requires(property = "spec.name", value = "JobQueueTest")
public class JobProbe {

    /** Runs per job id, in this context. */
    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    /** When each attempt of a job started (epoch ms). */
    final Map<String, List<Long>> started = new ConcurrentHashMap<>();
    /** Handlers running now. */
    final AtomicInteger running = new AtomicInteger();
    /** The most that ran at once. */
    final AtomicInteger mostAtOnce = new AtomicInteger();
    /** Released by the test to let {@code block} jobs finish. */
    final CountDownLatch release = new CountDownLatch(1);
    /** The payload each {@code echo} job received. */
    final Map<String, JsonNode> payloads = new ConcurrentHashMap<>();
    /** Handlers that completed normally, by job id. */
    final Map<String, Boolean> completed = new ConcurrentHashMap<>();

    /** @return how often this context ran the job */
    int runs(String id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }

    int enter(String id) {
        started.computeIfAbsent(id, key -> new CopyOnWriteArrayList<>()).add(System.currentTimeMillis());
        int now = running.incrementAndGet();
        mostAtOnce.accumulateAndGet(now, Math::max);
        return runs.computeIfAbsent(id, key -> new AtomicInteger()).incrementAndGet();
    }

    void leave() {
        running.decrementAndGet();
    }
}
