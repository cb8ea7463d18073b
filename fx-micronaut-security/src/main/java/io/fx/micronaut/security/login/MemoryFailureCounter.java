package io.fx.micronaut.security.login;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts failed logins in this instance's memory, when no revocation store on SQL or Redis is configured: a
 * concurrent map, pruned of the windows that have ended every {@value #PRUNE_EVERY} counts. Lost at restart and
 * not shared with other instances.
 */
final class MemoryFailureCounter implements FailureCounter {

    /** Counts between two prunings. */
    static final int PRUNE_EVERY = 128;

    private record Window(long count, long endsAt) {
    }

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final AtomicInteger counted = new AtomicInteger();

    @Override
    @NonNull
    public FailureCount increment(@NonNull String key, @NonNull Duration window) {
        long now = System.currentTimeMillis();
        Window current = windows.compute(key, (k, old) -> old == null || old.endsAt() <= now
            ? new Window(1, now + window.toMillis()) : new Window(old.count() + 1, old.endsAt()));
        if (counted.incrementAndGet() % PRUNE_EVERY == 0) {
            windows.values().removeIf(entry -> entry.endsAt() <= now);
        }
        return new FailureCount(current.count(), Instant.ofEpochMilli(current.endsAt()));
    }

    @Override
    public void decrement(@NonNull String key) {
        windows.computeIfPresent(key, (k, old) -> old.count() > 0 ? new Window(old.count() - 1, old.endsAt()) : old);
    }

    @Override
    public void reset(@NonNull String key) {
        windows.remove(key);
    }
}
