package io.fx.micronaut.events.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.time.Instant;

/**
 * Where one destination's claims start on a database server: the lowest sequence number a pending delivery of
 * that destination can have. On PostgreSQL a delivery marked delivered leaves its old entry in the claim index
 * until a vacuum removes it, so a claim that started at the beginning of the destination's range would step over
 * every delivery since the last vacuum (without bound when vacuuming lags: a long transaction holding it back, or
 * autovacuum off). Starting at the floor, a claim reads the rows it takes and the few marked since the last pass.
 *
 * <p>The floor is the first pending delivery the last pass saw, but never above the highest <em>settled</em>
 * sequence number plus one: one every transaction that could still insert at or below it has ended. Without that
 * bound a transaction that wrote an event and committed after later events were delivered would leave its event
 * below the floor, and a later event of the same record could overtake it. A sequence number is settled when the
 * transactions running after it was allocated have all ended: a probe reads the last allocated number, then has
 * a transaction id assigned (greater than that of every transaction that wrote before); once a later snapshot's
 * oldest running transaction is at or past that id, the number is settled. (A snapshot's {@code xmax} would not
 * do: it is one past the last completed transaction, and a transaction that took its id after that one is
 * invisible to the snapshot's oldest running id while it runs; {@code LateCommitOrderTest} failed about one run in
 * seven with it.) A transaction left open elsewhere on the server holds
 * the floor back, and claims then walk from there, as they would without a floor.</p>
 *
 * <p>Failed deliveries made due again ({@link io.fx.micronaut.events.EventOutbox#retryFailed}) may lie below the
 * floor: this instance then looks from the start again at once, and every instance does so every minute, which
 * also catches those another instance made due. An embedded database keeps no old index entries: there the floor
 * stays 0.</p>
 */
@Internal
final class ClaimFloor {

    private static final Duration FULL_SCAN_EVERY = Duration.ofMinutes(1);

    private long floor;
    private long settled;
    private long probeSeq = -1;
    private long probeXid;
    private volatile Instant nextFullScan = Instant.EPOCH;

    /**
     * Moves the floor for the next claim (one pass at a time calls this).
     *
     * @param outbox      the outbox
     * @param destination the destination
     * @param now         the time now
     * @return the lowest sequence number the claim needs to look at
     */
    long advance(@NonNull OutboxStore outbox, @NonNull String destination, @NonNull Instant now) {
        if (outbox.isEmbedded()) {
            return 0;
        }
        if (!now.isBefore(nextFullScan)) {
            floor = 0;
            nextFullScan = now.plus(FULL_SCAN_EVERY);
        }
        OutboxStore.Horizon horizon = outbox.horizon(destination, floor);
        if (probeSeq >= 0 && horizon.oldestRunning() >= probeXid) {
            settled = Math.max(settled, probeSeq);
            probeSeq = -1;
        }
        if (probeSeq < 0) {
            // a new probe: the last allocated number first (every transaction that allocated up to it had its
            // transaction id by then: the event's insert takes one before it draws its number, see
            // OutboxStore#insert), then an id assigned after it, above theirs; two statements, in this order
            probeSeq = outbox.lastSequence();
            probeXid = outbox.newTransactionId();
        }
        long bound = settled + 1;
        floor = horizon.firstPending().isPresent() ? Math.min(horizon.firstPending().getAsLong(), bound) : bound;
        return floor;
    }

    /** Makes the next pass look from the start (failed deliveries were made due again). */
    void rescan() {
        nextFullScan = Instant.EPOCH;
    }
}
