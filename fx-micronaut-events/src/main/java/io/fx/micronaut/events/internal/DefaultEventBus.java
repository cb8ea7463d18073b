package io.fx.micronaut.events.internal;

import io.cloudevents.CloudEvent;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventTypes;
import io.fx.micronaut.events.Subscription;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.Objects;

/** The {@link EventBus}: custom events through the outbox, and subscriptions as destinations. */
@Internal
@Singleton
final class DefaultEventBus implements EventBus {

    private final EventComposer composer;
    private final OutboxWriter writer;
    private final Destinations destinations;
    private final SubscriberExecutor executor;
    private final Relay relay;

    DefaultEventBus(EventComposer composer, OutboxWriter writer, Destinations destinations,
                    SubscriberExecutor executor, Relay relay) {
        this.composer = composer;
        this.writer = writer;
        this.destinations = destinations;
        this.executor = executor;
        this.relay = relay;
    }

    @Override
    @NonNull
    public CloudEvent publish(@NonNull StorageContext context, @NonNull String type, @NonNull String subject,
                              @Nullable Object data) {
        EventTypes.check(type);
        if (Objects.requireNonNull(subject, "subject").isBlank() || subject.length() > 255) {
            throw new IllegalArgumentException("an event's subject is 1 to 255 characters, not '" + subject + "'");
        }
        EventComposer.Composed event = composer.compose(context, type, subject, null, null, null, data);
        writer.write(context, event);
        return composer.toCloudEvent(event.message());
    }

    @Override
    @NonNull
    public AutoCloseable subscribe(@NonNull Subscription subscription) {
        SubscriptionDestination destination = new SubscriptionDestination(subscription, composer, executor);
        relay.start();
        destinations.add(destination);
        relay.wake();
        return () -> destinations.remove(destination);
    }
}
