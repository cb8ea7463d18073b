package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.SecurityErrorCodes;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.security.CredentialRefusedException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The verified-token cache: hits skip the check, entries expire, refusals are never kept, the bound holds. */
class VerifiedTokensTest {

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger checks = new AtomicInteger();
    private final Function<String, JWTClaimsSet> verifier = token -> {
        checks.incrementAndGet();
        if (token.startsWith("bad")) {
            throw new CredentialRefusedException(SecurityErrorCodes.INVALID_TOKEN, "invalid signature", true, null);
        }
        return new JWTClaimsSet.Builder().subject(token).build();
    };

    @Test
    void aReusedTokenIsCheckedOnceWithinTheTtl() {
        VerifiedTokens<JWTClaimsSet> cache = new VerifiedTokens<>(10, VerifiedTokens.MAX_TTL, now::get);
        JWTClaimsSet first = cache.verify("a", verifier);
        now.addAndGet(VerifiedTokens.MAX_TTL.toNanos() - 1);
        assertSame(first, cache.verify("a", verifier));
        assertEquals(1, checks.get());
        now.addAndGet(1);
        cache.verify("a", verifier);
        assertEquals(2, checks.get(), "checked again once the entry is as old as the TTL");
    }

    @Test
    void aShorterKeySetTtlBoundsTheEntriesAndAReplacedSetEmptiesThem() {
        VerifiedTokens<JWTClaimsSet> cache = new VerifiedTokens<>(10, java.time.Duration.ofMillis(5), now::get);
        cache.verify("a", verifier);
        now.addAndGet(java.time.Duration.ofMillis(5).toNanos());
        cache.verify("a", verifier);
        assertEquals(2, checks.get());
        cache.clear();
        assertEquals(0, cache.size());
        cache.verify("a", verifier);
        assertEquals(3, checks.get());
    }

    @Test
    void refusedTokensAreNeverKept() {
        VerifiedTokens<JWTClaimsSet> cache = new VerifiedTokens<>(10, VerifiedTokens.MAX_TTL, now::get);
        assertThrows(CredentialRefusedException.class, () -> cache.verify("bad", verifier));
        assertThrows(CredentialRefusedException.class, () -> cache.verify("bad", verifier));
        assertEquals(2, checks.get());
        assertEquals(0, cache.size());
    }

    @Test
    void theBoundHoldsAndZeroTurnsItOff() {
        VerifiedTokens<JWTClaimsSet> cache = new VerifiedTokens<>(3, VerifiedTokens.MAX_TTL, now::get);
        for (int i = 0; i < 10; i++) {
            cache.verify("t" + i, verifier);
        }
        assertEquals(true, cache.size() <= 3, "size " + cache.size());
        VerifiedTokens<JWTClaimsSet> off = new VerifiedTokens<>(0, VerifiedTokens.MAX_TTL, now::get);
        off.verify("a", verifier);
        off.verify("a", verifier);
        assertEquals(12, checks.get());
        assertEquals(0, off.size());
    }
}
