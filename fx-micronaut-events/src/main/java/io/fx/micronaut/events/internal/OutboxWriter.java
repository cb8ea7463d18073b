package io.fx.micronaut.events.internal;

import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.Transactions;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Writes a composed event to the outbox with a delivery per matching destination, in the active transaction
 * (or one of its own), and wakes the relay once that transaction commits. An event no destination receives is
 * not written.
 */
@Internal
@Singleton
public final class OutboxWriter {

    private final Destinations destinations;
    private final Transactions transactions;
    private final Relay relay;

    OutboxWriter(Destinations destinations, Transactions transactions, Relay relay) {
        this.destinations = destinations;
        this.transactions = transactions;
        this.relay = relay;
    }

    /**
     * @param context who caused the event
     * @param event   the event
     */
    public void write(@NonNull StorageContext context, @NonNull EventComposer.Composed event) {
        List<String> names = destinations.matching(event.message().type());
        if (names.isEmpty()) {
            return;
        }
        if (transactions.isActive()) {
            relay.store().insert(event.message(), event.time(), names);
            transactions.afterCommit(context, relay::wake);
        } else {
            transactions.inTransaction(() -> {
                relay.store().insert(event.message(), event.time(), names);
                return null;
            });
            relay.wake();
        }
    }
}
