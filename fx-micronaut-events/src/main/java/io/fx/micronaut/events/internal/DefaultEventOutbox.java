package io.fx.micronaut.events.internal;

import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The {@link EventOutbox}, over the outbox tables. */
@Internal
@Singleton
final class DefaultEventOutbox implements EventOutbox {

    private final Relay relay;
    private final EventsConfiguration configuration;
    private final Transactions transactions;

    DefaultEventOutbox(Relay relay, EventsConfiguration configuration, Transactions transactions) {
        this.relay = relay;
        this.transactions = transactions;
        this.configuration = configuration;
    }

    @Override
    public int retryFailed(@NonNull String destination) {
        OutboxStore store = relay.storeIfReady();
        int retried = store == null ? 0 : store.retryFailed(destination, Instant.now());
        if (retried > 0) {
            Runnable look = () -> {
                relay.rescan(destination);
                relay.wake();
            };
            // inside a caller's transaction the rows are pending only once it commits: a pass before that would
            // look from the start, find nothing, and leave them to the next full look a minute later
            if (transactions.isActive()) {
                transactions.afterCommit(StorageContext.system(), look);
            } else {
                look.run();
            }
        }
        return retried;
    }

    @Override
    public long pending(@NonNull String destination) {
        OutboxStore store = relay.storeIfReady();
        return store == null ? 0 : store.count(destination, OutboxStore.PENDING);
    }

    @Override
    public long failed(@NonNull String destination) {
        OutboxStore store = relay.storeIfReady();
        return store == null ? 0 : store.count(destination, OutboxStore.FAILED);
    }

    @Override
    @NonNull
    public Optional<Duration> lag(@NonNull String destination) {
        OutboxStore store = relay.storeIfReady();
        if (store == null) {
            return Optional.empty();
        }
        return store.oldestPending(destination).map(oldest -> {
            Duration lag = Duration.between(oldest, Instant.now());
            return lag.isNegative() ? Duration.ZERO : lag;
        });
    }

    @Override
    public int prune() {
        OutboxStore store = relay.storeIfReady();
        return store == null ? 0 : store.prune(Instant.now().minus(configuration.getRetention()));
    }
}
