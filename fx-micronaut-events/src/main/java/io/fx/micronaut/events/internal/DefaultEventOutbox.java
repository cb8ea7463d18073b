package io.fx.micronaut.events.internal;

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

    DefaultEventOutbox(Relay relay, EventsConfiguration configuration) {
        this.relay = relay;
        this.configuration = configuration;
    }

    @Override
    public int retryFailed(@NonNull String destination) {
        OutboxStore store = relay.storeIfReady();
        int retried = store == null ? 0 : store.retryFailed(destination, Instant.now());
        if (retried > 0) {
            relay.rescan(destination);
            relay.wake();
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
