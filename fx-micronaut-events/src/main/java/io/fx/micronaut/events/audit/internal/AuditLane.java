package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The records of one kind on their way to their sink: a bounded queue (a record arriving when it is full is
 * dropped and counted), a few threads calling the sink, and a watchdog that interrupts a call past the timeout.
 * Whoever submits never waits.
 */
@Internal
final class AuditLane {

    private static final Logger LOG = LoggerFactory.getLogger(AuditLane.class);
    /** After the first drop, one warning per this many. */
    private static final long DROP_LOG_EVERY = 1000;

    private final AuditKind kind;
    private final String sinkName;
    private final AuditSink sink;
    private final Duration timeout;
    private final ScheduledExecutorService watchdog;
    private final ThreadPoolExecutor executor;
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
        AtomicInteger count = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(Math.max(1, queueSize)), runnable -> {
                Thread thread = new Thread(runnable, "fx-audit-" + kind.label() + "-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            }, (runnable, pool) -> {
                throw new RejectedExecutionException();
            });
    }

    /** @param record a record for the sink, sent later; dropped and counted when the queue is full */
    void submit(AuditRecord record) {
        try {
            executor.execute(() -> deliver(record));
        } catch (RejectedExecutionException e) {
            dropped.increment();
            long total = dropped.sum();
            if (total == 1 || total % DROP_LOG_EVERY == 0) {
                LOG.warn("Audit: the {} queue is full; a {} record of {} (request {}) was dropped ({} dropped so far)",
                    kind.label(), record.operation(), record.model(), record.caller().requestId(), total);
            }
        }
    }

    private void deliver(AuditRecord record) {
        Call call = new Call(Thread.currentThread());
        ScheduledFuture<?> alarm = watchdog.schedule(() -> call.expire(record), timeout.toNanos(), TimeUnit.NANOSECONDS);
        try {
            sink.write(record);
            if (!call.finish()) {
                delivered.increment();
            }
        } catch (RuntimeException | LinkageError e) {
            if (!call.finish()) {
                failed.increment();
                LOG.warn("Audit: the {} sink '{}' failed on a {} record of {} (request {}): {}", kind.label(),
                    sinkName, record.operation(), record.model(), record.caller().requestId(), e.toString());
            }
        } finally {
            alarm.cancel(false);
            call.finish();
        }
    }

    void close() {
        executor.shutdownNow();
    }

    /** One sink call, which the watchdog may end: the interrupt is delivered and cleared under its lock. */
    private final class Call {

        private final Thread thread;
        private boolean done;
        private boolean expired;

        Call(Thread thread) {
            this.thread = thread;
        }

        synchronized void expire(AuditRecord record) {
            if (done) {
                return;
            }
            expired = true;
            timedOut.increment();
            LOG.warn("Audit: the {} sink '{}' did not finish a {} record of {} (request {}) within {}; interrupted",
                kind.label(), sinkName, record.operation(), record.model(), record.caller().requestId(), timeout);
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
