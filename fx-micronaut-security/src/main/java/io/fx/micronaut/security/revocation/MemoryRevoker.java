package io.fx.micronaut.security.revocation;

import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The in-process store ({@code fx.security.revocation.store: memory}): two concurrent maps, pruned of entries
 * past their deadline every {@value #PRUNE_EVERY} writes, keyed by the ids' {@link StoredIds} form. Per instance
 * and lost at restart: for a single instance, development and tests.
 */
@Singleton
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.MEMORY)
final class MemoryRevoker implements Revoker {

    /** Writes between two prunings. */
    static final int PRUNE_EVERY = 128;

    private record Cutoff(long cutoff, long retainUntil) {
    }

    private final Map<String, Long> tokens = new ConcurrentHashMap<>();
    private final Map<String, Cutoff> users = new ConcurrentHashMap<>();
    private final AtomicInteger writes = new AtomicInteger();

    @Override
    public void revokeToken(@NonNull String jti, @NonNull Instant expiresAt) {
        tokens.merge(StoredIds.of(jti), expiresAt.toEpochMilli(), Math::max);
        written();
    }

    @Override
    public void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil) {
        Cutoff entry = new Cutoff(cutoff.toEpochMilli(), retainUntil.toEpochMilli());
        users.merge(StoredIds.of(userId), entry, (old, fresh) -> new Cutoff(Math.max(old.cutoff(), fresh.cutoff()),
            Math.max(old.retainUntil(), fresh.retainUntil())));
        written();
    }

    @Override
    public boolean isTokenRevoked(@NonNull String jti) {
        Long deadline = tokens.get(StoredIds.of(jti));
        return deadline != null && deadline > System.currentTimeMillis();
    }

    @Override
    @NonNull
    public Optional<Instant> userCutoff(@NonNull String userId) {
        Cutoff entry = users.get(StoredIds.of(userId));
        return entry == null || entry.retainUntil() <= System.currentTimeMillis()
            ? Optional.empty() : Optional.of(Instant.ofEpochMilli(entry.cutoff()));
    }

    /** @return how many entries are kept (tokens and users), expired ones included until pruned */
    int size() {
        return tokens.size() + users.size();
    }

    private void written() {
        if (writes.incrementAndGet() % PRUNE_EVERY == 0) {
            long now = System.currentTimeMillis();
            tokens.values().removeIf(deadline -> deadline <= now);
            users.values().removeIf(entry -> entry.retainUntil() <= now);
        }
    }
}
