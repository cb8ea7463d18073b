package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.Revoker;
import io.micronaut.core.annotation.NonNull;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An application's own {@link Revoker}, counting the checks and failing on demand like a store that is down; open,
 * so a test's store can add to it.
 */
class CountingRevoker implements Revoker {

    final AtomicInteger checks = new AtomicInteger();
    volatile boolean failing;
    private final Map<String, Instant> tokens = new ConcurrentHashMap<>();
    private final Map<String, Instant> users = new ConcurrentHashMap<>();

    @Override
    public void revokeToken(@NonNull String jti, @NonNull Instant expiresAt) {
        failIfDown();
        tokens.put(jti, expiresAt);
    }

    @Override
    public void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil) {
        failIfDown();
        users.merge(userId, cutoff, (a, b) -> a.isAfter(b) ? a : b);
    }

    @Override
    public boolean isTokenRevoked(@NonNull String jti) {
        Instant until = tokens.get(jti);
        return until != null && until.isAfter(Instant.now());
    }

    @Override
    @NonNull
    public Optional<Instant> userCutoff(@NonNull String userId) {
        return Optional.ofNullable(users.get(userId));
    }

    @Override
    @NonNull
    public RevocationStatus check(@NonNull String jti, @NonNull String userId) {
        checks.incrementAndGet();
        failIfDown();
        return Revoker.super.check(jti, userId);
    }

    Instant tokenDeadline(String jti) {
        return tokens.get(jti);
    }

    private void failIfDown() {
        if (failing) {
            throw new IllegalStateException("store down: secret-host:6379 refused");
        }
    }
}
