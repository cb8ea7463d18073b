package io.fx.micronaut.security.revocation;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Batching of revocation checks: checks that arrive while a lookup runs share the next one, each check is
 * answered by a lookup that began after it, and failures and timeouts refuse exactly the checks they concern.
 * The lookups here are futures the test completes by hand.
 */
class RevocationBatcherTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final List<Lookup> lookups = new CopyOnWriteArrayList<>();

    /** One lookup the batcher started: what it asked for, and its result to come. */
    private record Lookup(Set<String> jtis, Set<String> userIds, CompletableFuture<RevocationBatchResult> result) {
    }

    private CompletionStage<RevocationBatchResult> record(Set<String> jtis, Set<String> userIds) {
        Lookup lookup = new Lookup(Set.copyOf(jtis), Set.copyOf(userIds), new CompletableFuture<>());
        lookups.add(lookup);
        return lookup.result();
    }

    @AfterEach
    void stopCallers() {
        callers.shutdownNow();
    }

    private Future<RevocationStatus> checkLater(RevocationBatcher batcher, String jti, String userId) {
        return callers.submit(() -> batcher.check(jti, userId));
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out waiting until " + what);
            }
            Thread.sleep(2);
        }
    }

    private static RevocationBatchResult nothing() {
        return new RevocationBatchResult(Set.of(), Map.of());
    }

    @Test
    void checksArrivingDuringALookupShareTheNextOneAndEachGetsItsOwnAnswer() throws Exception {
        RevocationBatcher batcher = new RevocationBatcher(this::record, TIMEOUT, 1, 64);
        Future<RevocationStatus> first = checkLater(batcher, "a", "alice");
        await("the first lookup starts", () -> lookups.size() == 1);
        assertEquals(Set.of("a"), lookups.get(0).jtis());

        List<Future<RevocationStatus>> waiting = new ArrayList<>();
        waiting.add(checkLater(batcher, "b", "bob"));
        waiting.add(checkLater(batcher, "c", "bob"));
        waiting.add(checkLater(batcher, "c", "carol"));
        await("three checks wait", () -> batcher.queued() == 3);
        assertEquals(1, lookups.size(), "no second lookup while the first runs (one in flight)");

        lookups.get(0).result().complete(nothing());
        assertFalse(first.get(5, TimeUnit.SECONDS).tokenRevoked());
        await("the second lookup starts", () -> lookups.size() == 2);
        Lookup second = lookups.get(1);
        assertEquals(Set.of("b", "c"), second.jtis(), "one lookup for the three, each token once");
        assertEquals(Set.of("bob", "carol"), second.userIds());

        Instant cutoff = Instant.parse("2026-01-01T00:00:00.123Z");
        second.result().complete(new RevocationBatchResult(Set.of("c"), Map.of("bob", cutoff)));
        RevocationStatus b = waiting.get(0).get(5, TimeUnit.SECONDS);
        RevocationStatus cBob = waiting.get(1).get(5, TimeUnit.SECONDS);
        RevocationStatus cCarol = waiting.get(2).get(5, TimeUnit.SECONDS);
        assertFalse(b.tokenRevoked());
        assertEquals(cutoff, b.userCutoff());
        assertTrue(cBob.tokenRevoked());
        assertEquals(cutoff, cBob.userCutoff());
        assertTrue(cCarol.tokenRevoked());
        assertNull(cCarol.userCutoff());
        assertEquals(2, lookups.size());
    }

    @Test
    void aSubmittedCheckReturnsAtOnceAndIsAnsweredByItsBatch() throws Exception {
        RevocationBatcher batcher = new RevocationBatcher(this::record, TIMEOUT, 1, 64);
        CompletableFuture<RevocationStatus> first = batcher.submit("s1", "sam");
        assertFalse(first.isDone(), "submit does not wait");
        assertEquals(1, lookups.size(), "the submitting thread started the lookup");
        CompletableFuture<RevocationStatus> second = batcher.submit("s2", "sam");
        assertEquals(1, batcher.queued(), "the second waits for the next lookup");
        lookups.get(0).result().complete(new RevocationBatchResult(Set.of("s1"), Map.of()));
        assertTrue(first.get(5, TimeUnit.SECONDS).tokenRevoked());
        await("the next lookup starts", () -> lookups.size() == 2);
        assertEquals(Set.of("s2"), lookups.get(1).jtis());
        lookups.get(1).result().completeExceptionally(new IllegalStateException("connection reset"));
        ExecutionException refused = assertThrows(ExecutionException.class, () -> second.get(5, TimeUnit.SECONDS));
        assertTrue(refused.getCause() instanceof RevocationUnavailableException, refused::toString);
    }

    @Test
    void aSubmittedCheckGivenUpBeforeItsLookupIsLeftOut() throws Exception {
        RevocationBatcher batcher = new RevocationBatcher(this::record, TIMEOUT, 1, 64);
        CompletableFuture<RevocationStatus> first = batcher.submit("g1", "gus");
        CompletableFuture<RevocationStatus> abandoned = batcher.submit("g2", "gus");
        CompletableFuture<RevocationStatus> kept = batcher.submit("g3", "gus");
        abandoned.cancel(false);
        lookups.get(0).result().complete(nothing());
        assertFalse(first.get(5, TimeUnit.SECONDS).tokenRevoked());
        await("the next lookup starts", () -> lookups.size() == 2);
        assertEquals(Set.of("g3"), lookups.get(1).jtis(), "the check given up is not looked up");
        lookups.get(1).result().complete(nothing());
        assertFalse(kept.get(5, TimeUnit.SECONDS).tokenRevoked());
    }

    @Test
    void aCheckIsNeverAnsweredByALookupThatBeganBeforeIt() throws Exception {
        RevocationBatcher batcher = new RevocationBatcher(this::record, TIMEOUT, 1, 64);
        Future<RevocationStatus> early = checkLater(batcher, "t", "u");
        await("the first lookup starts", () -> lookups.size() == 1);
        // the token is revoked now, while the first lookup (which did not see it) is under way
        Future<RevocationStatus> late = checkLater(batcher, "t", "u");
        await("the late check waits", () -> batcher.queued() == 1);
        lookups.get(0).result().complete(nothing());
        assertFalse(early.get(5, TimeUnit.SECONDS).tokenRevoked());
        assertFalse(late.isDone(), "the late check waits for a lookup of its own");
        await("the second lookup starts", () -> lookups.size() == 2);
        lookups.get(1).result().complete(new RevocationBatchResult(Set.of("t"), Map.of()));
        assertTrue(late.get(5, TimeUnit.SECONDS).tokenRevoked());
    }

    @Test
    void severalLookupsRunAtOnceUpToTheLimitAndABatchHasAtMostMaxBatchChecks() throws Exception {
        RevocationBatcher batcher = new RevocationBatcher(this::record, TIMEOUT, 2, 2);
        List<Future<RevocationStatus>> checks = new ArrayList<>();
        checks.add(checkLater(batcher, "j1", "u"));
        await("the first lookup starts", () -> lookups.size() == 1);
        checks.add(checkLater(batcher, "j2", "u"));
        await("a second lookup starts beside it", () -> lookups.size() == 2);
        for (int i = 3; i <= 7; i++) {
            checks.add(checkLater(batcher, "j" + i, "u"));
        }
        await("five checks wait", () -> batcher.queued() == 5);
        int completed = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!checks.stream().allMatch(Future::isDone)) {
            assertTrue(System.nanoTime() < deadline, "the checks are answered");
            if (lookups.size() > completed) {
                lookups.get(completed++).result().complete(nothing());
            } else {
                Thread.sleep(2);
            }
        }
        for (Future<RevocationStatus> check : checks) {
            assertFalse(check.get(5, TimeUnit.SECONDS).tokenRevoked());
        }
        for (Lookup lookup : lookups) {
            assertTrue(lookup.jtis().size() <= 2, "at most two checks a lookup: " + lookup.jtis());
        }
        assertEquals(7, lookups.stream().mapToInt(lookup -> lookup.jtis().size()).sum());
    }

    @Test
    void aFailedLookupRefusesItsBatchAndTheNextCheckLooksUpAgain() throws Exception {
        RevocationBatcher batcher = new RevocationBatcher(this::record, TIMEOUT, 1, 64);
        Future<RevocationStatus> first = checkLater(batcher, "a", "u");
        await("the first lookup starts", () -> lookups.size() == 1);
        Future<RevocationStatus> second = checkLater(batcher, "b", "u");
        await("a check waits", () -> batcher.queued() == 1);
        lookups.get(0).result().completeExceptionally(new IllegalStateException("connection reset"));

        Exception refused = assertThrows(Exception.class, () -> first.get(5, TimeUnit.SECONDS));
        assertTrue(refused.getCause() instanceof RevocationUnavailableException, refused.toString());
        assertTrue(refused.getCause().getMessage().contains("connection reset"), refused.getCause().getMessage());
        await("the waiting check gets a lookup of its own", () -> lookups.size() == 2);
        lookups.get(1).result().complete(nothing());
        assertFalse(second.get(5, TimeUnit.SECONDS).tokenRevoked());
    }

    @Test
    void aLookupThatThrowsRefusesTheCheck() {
        RevocationBatcher batcher = new RevocationBatcher((jtis, users) -> {
            throw new RevocationUnavailableException("closed", null);
        }, TIMEOUT, 1, 64);
        RevocationUnavailableException refused = assertThrows(RevocationUnavailableException.class,
            () -> batcher.check("a", "u"));
        assertEquals("closed", refused.getMessage());
        assertThrows(RevocationUnavailableException.class, () -> batcher.check("b", "u"), "and the next one too");
    }

    @Test
    void aLookupThatNeverAnswersTimesOutAndFreesItsSlot() {
        RevocationBatcher batcher = new RevocationBatcher(this::record, Duration.ofMillis(200), 1, 64);
        long started = System.nanoTime();
        RevocationUnavailableException refused = assertThrows(RevocationUnavailableException.class,
            () -> batcher.check("a", "u"));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertTrue(tookMillis >= 190 && tookMillis < 4000, "waited about the timeout: " + tookMillis + " ms");
        assertTrue(refused.getMessage().contains("PT0.2S"), refused.getMessage());

        // the hung lookup's slot is given back once its own timeout passes: the next check gets a lookup
        CompletableFuture<RevocationStatus> next = CompletableFuture.supplyAsync(() -> batcher.check("b", "u"), callers);
        try {
            await("a second lookup starts", () -> lookups.size() == 2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e);
        }
        lookups.get(1).result().complete(new RevocationBatchResult(Set.of("b"), Map.of()));
        assertTrue(next.join().tokenRevoked());
    }

    @Test
    void aLookupAnsweredAtOnceRunsOnTheCallersThread() {
        List<Thread> threads = new CopyOnWriteArrayList<>();
        RevocationBatcher batcher = new RevocationBatcher((jtis, users) -> {
            threads.add(Thread.currentThread());
            return CompletableFuture.completedFuture(new RevocationBatchResult(Set.copyOf(jtis), Map.of()));
        }, TIMEOUT, 1, 64);
        assertTrue(batcher.check("a", "u").tokenRevoked());
        assertTrue(batcher.check("b", "u").tokenRevoked());
        assertEquals(List.of(Thread.currentThread(), Thread.currentThread()), threads);
        assertEquals(0, batcher.queued());
    }

    @Test
    void badSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RevocationBatcher(this::record, Duration.ZERO, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new RevocationBatcher(this::record, TIMEOUT, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new RevocationBatcher(this::record, TIMEOUT, 1, 0));
    }
}
