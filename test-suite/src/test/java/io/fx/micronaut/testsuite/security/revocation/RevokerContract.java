package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.Revoker;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link Revoker} contract, run against every store (memory, Redis, SQL on H2 and PostgreSQL): each store's
 * test extends this class and hands over its store. Ids are random per test, so stores shared between runs
 * (the machine's Redis, a database) need no cleaning.
 */
public abstract class RevokerContract {

    /** The store of a {@code @MicronautTest} subclass's application. */
    @Inject
    Revoker revoker;

    /** @return the store under test: the injected one, unless a subclass starts its own */
    protected Revoker revoker() {
        return revoker;
    }

    /** @return whether the store starts checks without blocking ({@link Revoker#checkAsync}); the in-memory one does not */
    protected boolean looksUpAhead() {
        return true;
    }

    protected static String id(String kind) {
        return kind + "-" + UUID.randomUUID();
    }

    protected static Instant inOneHour() {
        return Instant.now().plus(Duration.ofHours(1));
    }

    @Test
    void aRevokedTokenIsRevokedAndOthersAreNot() {
        String jti = id("jti");
        assertFalse(revoker().isTokenRevoked(jti));
        revoker().revokeToken(jti, inOneHour());
        assertTrue(revoker().isTokenRevoked(jti));
        assertFalse(revoker().isTokenRevoked(id("jti")));
    }

    @Test
    void revokingATokenTwiceIsRevokingItOnce() {
        String jti = id("jti");
        revoker().revokeToken(jti, inOneHour());
        revoker().revokeToken(jti, inOneHour());
        assertTrue(revoker().isTokenRevoked(jti));
    }

    @Test
    void aRevokedTokenIsForgottenOnceItHasExpired() {
        String jti = id("jti");
        revoker().revokeToken(jti, Instant.now().minusSeconds(5));
        assertFalse(revoker().isTokenRevoked(jti));
    }

    @Test
    void aCutoffIsKeptToTheMillisecond() {
        String user = id("user");
        assertEquals(Optional.empty(), revoker().userCutoff(user));
        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS).plusNanos(123_456);
        revoker().revokeUser(user, cutoff, inOneHour());
        assertEquals(Optional.of(cutoff.truncatedTo(ChronoUnit.MILLIS)), revoker().userCutoff(user));
    }

    @Test
    void cutoffsOnlyMoveForward() {
        String user = id("user");
        Instant later = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant earlier = later.minusSeconds(30);
        revoker().revokeUser(user, later, inOneHour());
        revoker().revokeUser(user, earlier, inOneHour());
        assertEquals(Optional.of(later), revoker().userCutoff(user));
        Instant latest = later.plusMillis(1);
        revoker().revokeUser(user, latest, inOneHour());
        assertEquals(Optional.of(latest), revoker().userCutoff(user));
    }

    @Test
    void aCutoffIsForgottenOncePastItsRetention() {
        String user = id("user");
        revoker().revokeUser(user, Instant.now().minusSeconds(10), Instant.now().minusSeconds(5));
        assertEquals(Optional.empty(), revoker().userCutoff(user));
    }

    @Test
    void checkAnswersBothLookupsAtOnce() {
        String jti = id("jti");
        String user = id("user");
        RevocationStatus nothing = revoker().check(jti, user);
        assertFalse(nothing.tokenRevoked());
        assertNull(nothing.userCutoff());

        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        revoker().revokeUser(user, cutoff, inOneHour());
        RevocationStatus cut = revoker().check(jti, user);
        assertFalse(cut.tokenRevoked());
        assertEquals(cutoff, cut.userCutoff());
        assertTrue(cut.refuses(cutoff.minusMillis(1)));
        assertFalse(cut.refuses(cutoff));
        assertTrue(cut.refuses(null), "no iat while a cutoff exists");

        revoker().revokeToken(jti, inOneHour());
        assertTrue(revoker().check(jti, user).tokenRevoked());
        assertTrue(revoker().check(jti, id("user")).refuses(Instant.now()));
    }

    @Test
    void longAndOddIdentifiersCanBeRevokedAndStayApart() throws Exception {
        String longJti = id("jti") + "x".repeat(300);
        String sibling = longJti.substring(0, longJti.length() - 1) + "y";
        String nul = id("jti") + "\u0000end";
        String longUser = id("user") + "u".repeat(1000);
        revoker().revokeToken(longJti, inOneHour());
        revoker().revokeToken(nul, inOneHour());
        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        revoker().revokeUser(longUser, cutoff, inOneHour());
        assertTrue(revoker().isTokenRevoked(longJti));
        assertTrue(revoker().isTokenRevoked(nul));
        assertFalse(revoker().isTokenRevoked(sibling), "ids equal but for their last character stay apart");
        assertFalse(revoker().isTokenRevoked(nul.replace("\u0000", "")));
        assertEquals(Optional.of(cutoff), revoker().userCutoff(longUser));
        assertEquals(Optional.empty(), revoker().userCutoff(longUser + "v"));
        RevocationStatus status = revoker().check(longJti, longUser);
        assertTrue(status.tokenRevoked());
        assertEquals(cutoff, status.userCutoff());
        assertFalse(revoker().check(sibling, longUser + "v").tokenRevoked());
        Optional<CompletionStage<RevocationStatus>> ahead = revoker().checkAsync(longJti, longUser);
        if (ahead.isPresent()) {
            RevocationStatus async = ahead.get().toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertTrue(async.tokenRevoked());
            assertEquals(cutoff, async.userCutoff());
        }
    }

    @Test
    void concurrentChecksEachGetTheAnswerForTheirOwnTokenAndUser() throws Exception {
        int tokens = 48;
        List<String> jtis = new ArrayList<>();
        List<String> users = new ArrayList<>();
        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        for (int i = 0; i < tokens; i++) {
            jtis.add(id("jti"));
            users.add(id("user"));
            if (i % 3 == 0) {
                revoker().revokeToken(jtis.get(i), inOneHour());
            }
            if (i % 4 == 0) {
                revoker().revokeUser(users.get(i), cutoff, inOneHour());
            }
        }
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int round = 0; round < 8; round++) {
                for (int i = 0; i < tokens; i++) {
                    int token = i;
                    answers.add(callers.submit(() -> {
                        RevocationStatus status = revoker().check(jtis.get(token), users.get(token));
                        boolean right = status.tokenRevoked() == (token % 3 == 0)
                            && Objects.equals(status.userCutoff(), token % 4 == 0 ? cutoff : null);
                        return right ? "" : "token " + token + ": " + status;
                    }));
                }
            }
            for (Future<String> answer : answers) {
                assertEquals("", answer.get(30, TimeUnit.SECONDS));
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aCheckStartedAheadAnswersAsACheckDoes() throws Exception {
        String jti = id("jti");
        String user = id("user");
        Instant cutoff = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        revoker().revokeToken(jti, inOneHour());
        revoker().revokeUser(user, cutoff, inOneHour());
        Optional<CompletionStage<RevocationStatus>> ahead = revoker().checkAsync(jti, user);
        assertEquals(looksUpAhead(), ahead.isPresent());
        if (ahead.isPresent()) {
            RevocationStatus status = ahead.get().toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertTrue(status.tokenRevoked());
            assertEquals(cutoff, status.userCutoff());
            RevocationStatus clean = revoker().checkAsync(id("jti"), id("user")).orElseThrow()
                .toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertFalse(clean.tokenRevoked());
            assertNull(clean.userCutoff());
        }
    }
}
