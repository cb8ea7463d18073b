package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The audit tests' sink ({@code fx.audit.*.sink: recording}): keeps every record for a test to wait on; a test may
 * make it slow ({@link #delay}), hold it ({@link #hold}) or fail ({@link #failing}).
 */
@Singleton
@Named("recording")
@Requires(property = "spec.name", pattern = "Audit.*")
public class RecordingSink implements AuditSink {

    private final LinkedBlockingQueue<AuditRecord> records = new LinkedBlockingQueue<>();
    private volatile Duration delay = Duration.ZERO;
    private volatile CountDownLatch gate;
    private volatile boolean failing;

    @Override
    public void write(AuditRecord record) {
        if (failing) {
            throw new IllegalStateException("the recording sink refuses");
        }
        try {
            CountDownLatch held = gate;
            if (held != null && !held.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the gate stayed shut");
            }
            if (!delay.isZero()) {
                Thread.sleep(delay.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        records.add(record);
    }

    /** @param value how long each write sleeps (interruptibly) before it records */
    public void delay(Duration value) {
        this.delay = value;
    }

    /** @param value a latch each write waits for (up to 20 s), or null */
    public void hold(CountDownLatch value) {
        this.gate = value;
    }

    /** @param value whether each write throws */
    public void failing(boolean value) {
        this.failing = value;
    }

    /** @return the records that arrived within 10 s, {@code count} of them, in order */
    public List<AuditRecord> await(int count) throws InterruptedException {
        List<AuditRecord> got = new ArrayList<>(count);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (got.size() < count) {
            AuditRecord next = records.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (next == null) {
                fail("received " + got.size() + " of " + count + " audit records: " + got);
            }
            got.add(next);
        }
        return got;
    }

    /** @return the next record within 10 s */
    public AuditRecord next() throws InterruptedException {
        return await(1).get(0);
    }

    /** Fails if a record arrives within the wait. */
    public void assertNothingWithin(Duration wait) throws InterruptedException {
        AuditRecord stray = records.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        assertNull(stray, () -> "unexpected audit record " + stray);
    }

    /** Forgets what arrived so far. */
    public void clear() {
        records.clear();
    }
}
