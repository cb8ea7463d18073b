package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The records of one kind on their way to their sink: a bounded queue (a record arriving when {@code queue-size}
 * records already wait beside those being delivered is dropped and counted), a few threads calling the sink, and a
 * watchdog that interrupts a call past the timeout. Whoever submits never waits, and under load rarely wakes a
 * thread: a lane thread that has just delivered lingers, polling the queue every {@link #LINGER_NANOS}, before it
 * parks until a submitter wakes it, so a busy lane takes its records in batches instead of one wake-up (two context
 * switches) per record. The watchdog checks the calls in flight every tenth of the timeout instead of arming a
 * timer per record.
 */
@Internal
final class AuditLane {

    private static final Logger LOG = LoggerFactory.getLogger(AuditLane.class);
    /** After the first drop, one warning per this many. */
    private static final long DROP_LOG_EVERY = 1000;
    /** How long a lane thread waits between two looks at an empty queue while it lingers. */
    static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** How many empty looks before a lane thread parks until woken (about 50 ms of lingering). */
    private static final int LINGER_ROUNDS = 50;

    private final AuditKind kind;
    private final String sinkName;
    private final AuditSink sink;
    private final Duration timeout;
    private final ScheduledExecutorService watchdog;
    private final int capacity;
    private final Queue<AuditRecord> queue = new ConcurrentLinkedQueue<>();
    /** Records accepted and not yet delivered: queued or in a sink call. */
    private final AtomicInteger accepted = new AtomicInteger();
    private final Worker[] workers;
    private volatile boolean started;
    private volatile boolean closed;
    private ScheduledFuture<?> watch;
    final LongAdder delivered = new LongAdder();
    final LongAdder dropped = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder timedOut = new LongAdder();

    AuditLane(AuditKind kind, String sinkName, AuditSink sink, int threads, int queueSize, Duration timeout,
              ScheduledExecutorService watchdog) {
        this.kind = kind;
        this.sinkName = sinkName;
        this.sink = sink;
        this.timeout = timeout;
        this.watchdog = watchdog;
        this.capacity = Math.max(1, queueSize) + Math.max(1, threads);
        this.workers = new Worker[Math.max(1, threads)];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker("fx-audit-" + kind.label() + "-" + (i + 1));
        }
    }

    /** @param record a record for the sink, sent later; dropped and counted when the queue is full */
    void submit(AuditRecord record) {
        if (closed || accepted.incrementAndGet() > capacity) {
            accepted.decrementAndGet();
            drop(record);
            return;
        }
        if (!started) {
            start();
        }
        queue.offer(record);
        for (Worker worker : workers) {
            if (worker.parked) {
                LockSupport.unpark(worker.thread);
                return;
            }
        }
    }

    private void drop(AuditRecord record) {
        long total = dropped.sum() + 1;
        if (total == 1 || total % DROP_LOG_EVERY == 0) {
            LOG.warn("Audit: the {} queue is full; a {} record of {} (request {}) was dropped ({} dropped so far)",
                kind.label(), record.operation(), record.model(), record.caller().requestId(), total);
        }
        // logged before counted: whoever sees the count also finds the line
        dropped.increment();
    }

    /** The lane's threads and its watchdog check start with the first record: an idle lane costs nothing. */
    private synchronized void start() {
        if (started || closed) {
            return;
        }
        for (Worker worker : workers) {
            worker.thread.start();
        }
        long tick = Math.max(TimeUnit.MILLISECONDS.toNanos(10), timeout.toNanos() / 10);
        watch = watchdog.scheduleWithFixedDelay(this::expireOverdue, tick, tick, TimeUnit.NANOSECONDS);
        started = true;
    }

    private void expireOverdue() {
        long now = System.nanoTime();
        for (Worker worker : workers) {
            Call call = worker.call;
            if (call != null && now - call.started > timeout.toNanos()) {
                call.expire();
            }
        }
    }

    private void deliver(Worker worker, AuditRecord record) {
        Call call = new Call(worker.thread, record, System.nanoTime());
        worker.call = call;
        try {
            sink.write(record);
            if (!call.finish()) {
                delivered.increment();
            }
        } catch (RuntimeException | LinkageError e) {
            if (!call.finish()) {
                // logged before counted: whoever sees the count also finds the line
                LOG.warn("Audit: the {} sink '{}' failed on a {} record of {} (request {}): {}", kind.label(),
                    sinkName, record.operation(), record.model(), record.caller().requestId(), e.toString());
                failed.increment();
            }
        } finally {
            call.finish();
            worker.call = null;
            accepted.decrementAndGet();
        }
    }

    synchronized void close() {
        closed = true;
        if (watch != null) {
            watch.cancel(false);
        }
        if (started) {
            for (Worker worker : workers) {
                worker.thread.interrupt();
            }
        }
    }

    /** One lane thread: takes records while there are any, lingers a little, then parks until woken. */
    private final class Worker implements Runnable {

        final Thread thread;
        volatile boolean parked;
        volatile Call call;

        Worker(String name) {
            this.thread = new Thread(this, name);
            thread.setDaemon(true);
        }

        @Override
        public void run() {
            int idle = 0;
            while (!closed) {
                AuditRecord record = queue.poll();
                if (record != null) {
                    idle = 0;
                    deliver(this, record);
                    continue;
                }
                if (idle < LINGER_ROUNDS) {
                    idle++;
                    LockSupport.parkNanos(this, LINGER_NANOS);
                } else {
                    // announce the park before the last look: a submitter that queued after that look sees it
                    parked = true;
                    if (queue.isEmpty() && !closed) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    idle = 0;
                }
                Thread.interrupted();
            }
        }
    }

    /** One sink call, which the watchdog may end: the interrupt is delivered and cleared under its lock. */
    private final class Call {

        private final Thread thread;
        private final AuditRecord record;
        final long started;
        private boolean done;
        private boolean expired;

        Call(Thread thread, AuditRecord record, long started) {
            this.thread = thread;
            this.record = record;
            this.started = started;
        }

        synchronized void expire() {
            if (done || expired) {
                return;
            }
            expired = true;
            // logged before counted: whoever sees the count also finds the line
            LOG.warn("Audit: the {} sink '{}' did not finish a {} record of {} (request {}) within {}; interrupted",
                kind.label(), sinkName, record.operation(), record.model(), record.caller().requestId(), timeout);
            timedOut.increment();
            thread.interrupt();
        }

        /** @return whether the call had expired (then counted as timed out); clears its interrupt */
        synchronized boolean finish() {
            if (!done) {
                done = true;
                if (expired) {
                    Thread.interrupted();
                }
            }
            return expired;
        }
    }
}
