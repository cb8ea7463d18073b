package io.fx.micronaut.security.jwt;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Tokens whose signature was verified recently, with their claims, so that a client reusing its token
 * costs one map lookup instead of a signature check per request. Only the signature check is skipped:
 * the time-based claims ({@code exp}, {@code nbf}, {@code iat}), issuer and audience are checked on every
 * request, the revocation lookup and the token hooks run on every request, an entry lives at most its TTL
 * after its check (at most {@link #MAX_TTL}, and no longer than the key set's {@code cache-ttl}), and every fetch that replaces the
 * key set empties it, so a key removed from the set stops admitting its tokens at once. The key is the whole
 * compact token, signature included, so no other token can hit an entry. Refused tokens are never kept.
 * Bounded by {@code fx.security.jwt.verified-cache-size} entries (0 turns it off); when full it starts
 * over.
 *
 * @param <T> what a verified token yields (its claims)
 */
final class VerifiedTokens<T> {

    /** The longest a verified signature is trusted without checking it again. */
    static final Duration MAX_TTL = Duration.ofSeconds(60);

    private record Entry<T>(T claims, long verifiedAt) {
    }

    private final int maxEntries;
    private final long ttlNanos;
    private final LongSupplier clock;
    private final Map<String, Entry<T>> entries = new ConcurrentHashMap<>();

    VerifiedTokens(int maxEntries, Duration ttl, LongSupplier nanoClock) {
        this.maxEntries = Math.max(0, maxEntries);
        this.ttlNanos = Math.min(ttl.toNanos(), MAX_TTL.toNanos());
        this.clock = nanoClock;
    }

    /**
     * @param token    the compact token
     * @param verifier checks the signature and parses the claims, throwing for a refused token
     * @return the claims of the verified token
     */
    T verify(String token, Function<String, T> verifier) {
        if (maxEntries == 0) {
            return verifier.apply(token);
        }
        long now = clock.getAsLong();
        T cached = fresh(token, now);
        if (cached != null) {
            return cached;
        }
        T claims = verifier.apply(token);
        if (entries.size() >= maxEntries) {
            entries.clear();
        }
        entries.put(token, new Entry<>(claims, now));
        return claims;
    }

    /**
     * @param token the compact token
     * @return the claims of the token if it was verified within the TTL; null otherwise (nothing is verified)
     */
    T peek(String token) {
        return maxEntries == 0 ? null : fresh(token, clock.getAsLong());
    }

    /** @return the cached claims of the token when it was verified less than the TTL before {@code now}, else null */
    private T fresh(String token, long now) {
        Entry<T> entry = entries.get(token);
        return entry != null && now - entry.verifiedAt() < ttlNanos ? entry.claims() : null;
    }

    /** Forgets every verified token (the key set changed). */
    void clear() {
        entries.clear();
    }

    /** @return how many verified tokens are kept */
    int size() {
        return entries.size();
    }
}
