package io.fx.micronaut.limits.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.fx.micronaut.limits.IdempotencyClaim;
import io.fx.micronaut.limits.IdempotencyStore;
import io.fx.micronaut.limits.IdempotentResponse;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code memory} store: one process's entries in a bounded Caffeine cache, each expiring at its own time (a
 * claim after the lock timeout, an answer after its time to live); past {@code max-entries} the least recently
 * used go first. Every transition is one atomic map operation. The cache's upkeep (eviction, expiry) runs on the
 * requests' own threads, a little after each write, rather than on the common pool, whose wake-up per write cost
 * more than the upkeep itself.
 */
final class MemoryIdempotencyStore implements IdempotencyStore {

    private final Cache<String, MemoryIdempotencyEntry> entries;

    MemoryIdempotencyStore(long maxEntries) {
        this.entries = Caffeine.newBuilder().maximumSize(maxEntries).expireAfter(new Lifetime())
            .executor(Runnable::run).build();
    }

    @Override
    @NonNull
    public IdempotencyClaim claim(@NonNull String key, @NonNull String fingerprint, @NonNull Duration lockTimeout) {
        MemoryIdempotencyEntry fresh = MemoryIdempotencyEntry.claim(IdempotencyKeys.claimToken(), fingerprint,
            lockTimeout);
        MemoryIdempotencyEntry held = entries.asMap().computeIfAbsent(key, k -> fresh);
        return held == fresh ? new IdempotencyClaim.Claimed(fresh.token(), fingerprint) : held.state();
    }

    @Override
    public boolean complete(@NonNull String key, @NonNull IdempotencyClaim.Claimed claim,
                            @NonNull IdempotentResponse response, @NonNull Duration ttl) {
        AtomicBoolean stored = new AtomicBoolean();
        entries.asMap().computeIfPresent(key, (k, entry) -> {
            if (!entry.heldBy(claim)) {
                return entry;
            }
            stored.set(true);
            return MemoryIdempotencyEntry.completed(claim.fingerprint(), response, ttl);
        });
        return stored.get();
    }

    @Override
    public void release(@NonNull String key, @NonNull IdempotencyClaim.Claimed claim) {
        entries.asMap().computeIfPresent(key, (k, entry) -> entry.heldBy(claim) ? null : entry);
    }

    /** Each entry lives its own lifetime from its last write; reads do not extend it. */
    private static final class Lifetime implements Expiry<String, MemoryIdempotencyEntry> {

        @Override
        public long expireAfterCreate(String key, MemoryIdempotencyEntry entry, long currentTime) {
            return entry.lifetime().toNanos();
        }

        @Override
        public long expireAfterUpdate(String key, MemoryIdempotencyEntry entry, long currentTime,
                                      long currentDuration) {
            return entry.lifetime().toNanos();
        }

        @Override
        public long expireAfterRead(String key, MemoryIdempotencyEntry entry, long currentTime,
                                    long currentDuration) {
            return currentDuration;
        }
    }
}
