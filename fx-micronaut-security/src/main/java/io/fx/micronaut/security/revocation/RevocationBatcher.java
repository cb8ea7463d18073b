package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Gathers the concurrent {@link Revoker#check} calls of a remote store into batched lookups, the way a
 * database gathers commits: while a lookup is under way, the checks that arrive wait in a queue, and the next
 * lookup takes all of them (up to {@code maxBatch}) in one round trip. Each request still gets a lookup of its
 * own in the sense that matters: the lookup that answers a check <em>starts after the check arrived</em>, so
 * a token revoked before the check began is always seen; nothing is cached. Under load a store then makes one
 * round trip per batch instead of one per request, and one token or user checked by many requests at once is
 * looked up once.
 *
 * <p>At most {@code maxInFlight} lookups run at once. A caller waits at most {@code timeout} from its call;
 * a lookup that fails, or answers nothing within {@code timeout}, refuses every check of its batch with
 * {@link RevocationUnavailableException} (fail closed), and the next batch starts a fresh lookup.</p>
 *
 * <p>The Redis store uses it, and the SQL store on a database server; a store of an application's own can
 * too. (On an embedded database, where a statement is no round trip, checks in parallel measured faster.)</p>
 *
 * @since 0.6.0
 */
public final class RevocationBatcher {

    private final RevocationBatchLookup lookup;
    private final Duration timeout;
    private final long timeoutNanos;
    private final int maxInFlight;
    private final int maxBatch;
    private final ArrayDeque<PendingCheck> queue = new ArrayDeque<>();
    /** Lookups under way; guarded by {@link #queue}. */
    private int inFlight;

    /**
     * @param lookup      the store's batched lookup
     * @param timeout     how long a check waits for its answer, and a lookup for its result
     * @param maxInFlight how many lookups may run at once (at least 1)
     * @param maxBatch    how many checks one lookup answers at most (at least 1)
     */
    public RevocationBatcher(@NonNull RevocationBatchLookup lookup, @NonNull Duration timeout, int maxInFlight,
                             int maxBatch) {
        if (timeout.isNegative() || timeout.isZero() || maxInFlight < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("timeout must be positive and maxInFlight and maxBatch at least 1");
        }
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
        this.maxInFlight = maxInFlight;
        this.maxBatch = maxBatch;
    }

    /**
     * Checks one token and its user in the next batch and waits for the answer.
     *
     * @param jti    the token id
     * @param userId the token's user
     * @return what the store knows of them, as of a moment after this call began
     * @throws RevocationUnavailableException when the lookup fails or no answer comes within the timeout
     */
    @NonNull
    public RevocationStatus check(@NonNull String jti, @NonNull String userId) {
        long deadline = System.nanoTime() + timeoutNanos;
        return enqueue(jti, userId).await(deadline);
    }

    /**
     * Puts one token and its user in the next batch without waiting for the answer (for
     * {@link Revoker#checkAsync}). The answer completes on the thread that completes the lookup.
     *
     * @param jti    the token id
     * @param userId the token's user
     * @return what the store knows of them, as of a moment after this call began; completed exceptionally with
     * {@link RevocationUnavailableException} when the lookup fails. The caller bounds its own wait (a lookup
     * that does not answer fails after the timeout, but a check queued behind it waits for the next one);
     * completing or cancelling the future withdraws a check that no lookup has taken yet
     */
    @NonNull
    public CompletableFuture<RevocationStatus> submit(@NonNull String jti, @NonNull String userId) {
        return enqueue(jti, userId).answer;
    }

    private PendingCheck enqueue(String jti, String userId) {
        PendingCheck pending = new PendingCheck(Objects.requireNonNull(jti, "jti"), Objects.requireNonNull(userId, "userId"));
        boolean lead;
        synchronized (queue) {
            queue.add(pending);
            lead = inFlight < maxInFlight;
            if (lead) {
                inFlight++;
            }
        }
        if (lead) {
            dispatch();
        }
        return pending;
    }

    /** @return how many checks wait for a lookup to take them (for tests) */
    int queued() {
        synchronized (queue) {
            return queue.size();
        }
    }

    /**
     * Runs one lookup slot: takes a batch, looks it up, answers it, and goes on while checks wait. A lookup
     * that completes later continues the slot from its completion.
     */
    private void dispatch() {
        while (true) {
            List<PendingCheck> batch = take();
            if (batch == null) {
                return;
            }
            CompletableFuture<RevocationBatchResult> found = start(batch);
            if (!found.isDone()) {
                found.whenComplete((result, failure) -> {
                    settle(batch, result, failure);
                    dispatch();
                });
                return;
            }
            RevocationBatchResult result = null;
            Throwable failure = null;
            try {
                result = found.join();
            } catch (CompletionException | CancellationException e) {
                failure = e;
            }
            settle(batch, result, failure);
        }
    }

    /** @return the next batch, or null (the slot is then released) when no check waits */
    private List<PendingCheck> take() {
        synchronized (queue) {
            List<PendingCheck> batch = new ArrayList<>(Math.min(queue.size(), maxBatch));
            while (batch.size() < maxBatch) {
                PendingCheck next = queue.poll();
                if (next == null) {
                    break;
                }
                if (!next.answer.isDone()) {
                    batch.add(next);
                }
            }
            if (batch.isEmpty()) {
                inFlight--;
                return null;
            }
            return batch;
        }
    }

    private CompletableFuture<RevocationBatchResult> start(List<PendingCheck> batch) {
        Set<String> jtis = new LinkedHashSet<>();
        Set<String> userIds = new LinkedHashSet<>();
        for (PendingCheck check : batch) {
            jtis.add(check.jti);
            userIds.add(check.userId);
        }
        try {
            CompletableFuture<RevocationBatchResult> started = lookup.lookup(jtis, userIds).toCompletableFuture();
            return started.isDone() ? started : started.copy().orTimeout(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void settle(List<PendingCheck> batch, RevocationBatchResult result, Throwable failure) {
        if (failure == null && result == null) {
            failure = new IllegalStateException("the batched lookup answered nothing");
        }
        if (failure != null) {
            RevocationUnavailableException refused = unavailable(failure);
            for (PendingCheck check : batch) {
                check.answer.completeExceptionally(refused);
            }
            return;
        }
        for (PendingCheck check : batch) {
            check.answer.complete(result.status(check.jti, check.userId));
        }
    }

    private RevocationUnavailableException unavailable(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof RevocationUnavailableException known) {
            return known;
        }
        if (cause instanceof TimeoutException) {
            return new RevocationUnavailableException("the revocation lookup took longer than " + timeout, cause);
        }
        return new RevocationUnavailableException("the revocation lookup failed: " + cause, cause);
    }

    /** One caller's check, waiting for its batch. */
    private final class PendingCheck {

        private final String jti;
        private final String userId;
        private final CompletableFuture<RevocationStatus> answer = new CompletableFuture<>();

        private PendingCheck(String jti, String userId) {
            this.jti = jti;
            this.userId = userId;
        }

        private RevocationStatus await(long deadline) {
            try {
                return answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                answer.cancel(false);
                throw new RevocationUnavailableException("the revocation store did not answer within " + timeout, e);
            } catch (InterruptedException e) {
                answer.cancel(false);
                Thread.currentThread().interrupt();
                throw new RevocationUnavailableException("interrupted while waiting for the revocation store", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                String message = cause == null ? "the revocation lookup failed" : cause.getMessage();
                throw new RevocationUnavailableException(message, cause);
            }
        }
    }
}
