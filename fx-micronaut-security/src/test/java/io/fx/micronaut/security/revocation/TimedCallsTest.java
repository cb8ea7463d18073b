package io.fx.micronaut.security.revocation;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.db.DatabaseDeadlines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SQL store's calls: each runs on a thread of the store's pool under a deadline of the store's timeout; a
 * call started from one of those threads (a batch following a batch) runs right there instead of waking another.
 */
class TimedCallsTest {

    private static final Duration TIMEOUT = Duration.ofMillis(800);

    /** The deadlines the calls started, and how many of them ended. */
    private final List<Duration> started = new CopyOnWriteArrayList<>();
    private final AtomicInteger closed = new AtomicInteger();
    private final DatabaseDeadlines deadlines = new DatabaseDeadlines() {
        @Override
        public DatabaseDeadline start() {
            return start(Duration.ZERO);
        }

        @Override
        public DatabaseDeadline start(Duration budget) {
            started.add(budget);
            return new DatabaseDeadline() {
                @Override
                public void cancel() {
                }

                @Override
                public void close() {
                    closed.incrementAndGet();
                }
            };
        }
    };
    private final TimedCalls calls = new TimedCalls(deadlines, TIMEOUT, 2, "fx-revocation-");

    @AfterEach
    void close() {
        calls.close();
    }

    @Test
    void aSubmittedCallRunsOnAPoolThreadUnderTheTimeout() throws Exception {
        Thread caller = Thread.currentThread();
        String thread = calls.submit("a call", () -> Thread.currentThread().getName()).get(5, TimeUnit.SECONDS);
        assertTrue(thread.startsWith("fx-revocation-"), thread);
        assertNotEquals(caller.getName(), thread);
        assertEquals(List.of(TIMEOUT), started);
        assertEquals(1, closed.get());
    }

    @Test
    void aCallSubmittedFromAPoolThreadRunsThereAndIsDoneAtOnce() throws Exception {
        CompletableFuture<Object[]> outer = calls.submit("a call", () -> {
            Thread here = Thread.currentThread();
            CompletableFuture<Thread> inner = calls.submit("the next call", Thread::currentThread);
            return new Object[] {here, inner.isDone(), inner.join()};
        });
        Object[] seen = outer.get(5, TimeUnit.SECONDS);
        assertEquals(true, seen[1], "the nested call was done when submit returned");
        assertSame(seen[0], seen[2], "the nested call ran on the same thread");
        assertEquals(List.of(TIMEOUT, TIMEOUT), started, "each call under its own deadline");
        assertEquals(2, closed.get());
    }

    @Test
    void aFailingCallFromAPoolThreadIsAFailedFutureNotAThrow() throws Exception {
        IllegalStateException failure = new IllegalStateException("the database said no");
        CompletableFuture<Throwable> outer = calls.submit("a call", () -> {
            CompletableFuture<Object> inner = calls.submit("the next call", () -> {
                throw failure;
            });
            return inner.handle((value, thrown) -> thrown).join();
        });
        assertSame(failure, outer.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aClosedStoreRefusesCalls() {
        calls.close();
        ExecutionException refused = assertThrows(ExecutionException.class,
            () -> calls.submit("a call", () -> "never").get(5, TimeUnit.SECONDS));
        assertInstanceOf(RevocationUnavailableException.class, refused.getCause());
        assertThrows(RevocationUnavailableException.class, () -> calls.call("a call", () -> "never"));
    }
}
