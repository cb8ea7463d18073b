package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditCaller;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class AuditLaneTest {

    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor();
    private AuditLane lane;

    @AfterEach
    void close() {
        if (lane != null) {
            lane.close();
        }
        watchdog.shutdownNow();
    }

    private static AuditRecord record(String id) {
        return new AuditRecord(AuditKind.READ, Instant.now(), "Post", "read", id, null,
            new AuditCaller(null, List.of(), null, null, null, "r-" + id, null, null, null, null), null, null, null,
            Map.of());
    }

    private static void waitFor(LongSupplier counter, long value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (counter.getAsLong() != value) {
            if (System.nanoTime() > deadline) {
                fail("counter stayed at " + counter.getAsLong() + ", expected " + value);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void aFullQueueDropsWithoutWaiting() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        LinkedBlockingQueue<AuditRecord> seen = new LinkedBlockingQueue<>();
        lane = new AuditLane(AuditKind.READ, "test", r -> {
            try {
                gate.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            seen.add(r);
        }, 1, 2, Duration.ofSeconds(5), watchdog);
        long started = System.nanoTime();
        for (int i = 0; i < 10; i++) {
            lane.submit(record(String.valueOf(i)));
        }
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < 500, "submit never waits");
        assertEquals(7, lane.dropped.sum(), "one running, two queued");
        gate.countDown();
        waitFor(lane.delivered::sum, 3);
        assertEquals(List.of("0", "1", "2"), List.of(seen.take().recordId(), seen.take().recordId(),
            seen.take().recordId()));
    }

    @Test
    void aCallPastTheTimeoutIsInterruptedAndTheThreadServesTheNext() throws Exception {
        LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();
        lane = new AuditLane(AuditKind.READ, "test", r -> {
            if (r.recordId().equals("slow")) {
                try {
                    Thread.sleep(10_000);
                } catch (InterruptedException e) {
                    seen.add("interrupted");
                    return;
                }
            }
            seen.add(r.recordId() + (Thread.currentThread().isInterrupted() ? " (interrupt leaked)" : ""));
        }, 1, 10, Duration.ofMillis(100), watchdog);
        lane.submit(record("slow"));
        lane.submit(record("next"));
        assertEquals("interrupted", seen.poll(5, TimeUnit.SECONDS));
        assertEquals("next", seen.poll(5, TimeUnit.SECONDS));
        assertEquals(1, lane.timedOut.sum());
        waitFor(lane.delivered::sum, 1);
    }

    @Test
    void aThrowingSinkIsCountedAndTheLaneGoesOn() throws Exception {
        LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();
        lane = new AuditLane(AuditKind.WRITE, "test", r -> {
            if (r.recordId().equals("bad")) {
                throw new IllegalStateException("refused");
            }
            seen.add(r.recordId());
        }, 1, 10, Duration.ofSeconds(5), watchdog);
        lane.submit(record("bad"));
        lane.submit(record("good"));
        assertNotNull(seen.poll(5, TimeUnit.SECONDS));
        waitFor(lane.failed::sum, 1);
        waitFor(lane.delivered::sum, 1);
    }

    @Test
    void aLaneThatHasParkedWakesForTheNextRecord() throws Exception {
        LinkedBlockingQueue<String> seen = new LinkedBlockingQueue<>();
        lane = new AuditLane(AuditKind.READ, "test", r -> seen.add(r.recordId()), 1, 10, Duration.ofSeconds(5),
            watchdog);
        lane.submit(record("first"));
        assertEquals("first", seen.poll(5, TimeUnit.SECONDS));
        Thread.sleep(300); // past the lingering: the lane thread parks until a submitter wakes it
        lane.submit(record("after a pause"));
        assertEquals("after a pause", seen.poll(5, TimeUnit.SECONDS));
    }

    @Test
    void recordsFromManyThreadsAreEachDeliveredOrDroppedOnce() throws Exception {
        java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        lane = new AuditLane(AuditKind.READ, "test", r -> {
            if (!seen.add(r.recordId())) {
                throw new IllegalStateException("twice: " + r.recordId());
            }
        }, 2, 1000, Duration.ofSeconds(5), watchdog);
        int threads = 4;
        int each = 5000;
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            int offset = t * each;
            Thread submitter = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    lane.submit(record(String.valueOf(offset + i)));
                    if (i % 500 == 0) {
                        java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
                    }
                }
                done.countDown();
            });
            submitter.start();
        }
        assertTrue(done.await(30, TimeUnit.SECONDS));
        long total = (long) threads * each;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (lane.delivered.sum() + lane.dropped.sum() < total && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(total, lane.delivered.sum() + lane.dropped.sum());
        assertEquals(0, lane.failed.sum(), "no record was delivered twice");
        assertEquals(lane.delivered.sum(), seen.size());
    }
}
