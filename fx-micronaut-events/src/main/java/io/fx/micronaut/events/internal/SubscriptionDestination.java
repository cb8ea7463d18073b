package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.Subscription;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** A subscription as a destination: its handler runs on the subscribers' executor. */
final class SubscriptionDestination implements EventDestination {

    private final Subscription subscription;
    private final EventComposer composer;
    private final SubscriberExecutor executor;

    SubscriptionDestination(Subscription subscription, EventComposer composer, SubscriberExecutor executor) {
        this.subscription = subscription;
        this.composer = composer;
        this.executor = executor;
    }

    @Override
    @NonNull
    public String name() {
        return subscription.name();
    }

    @Override
    @NonNull
    public List<String> patterns() {
        return subscription.patterns();
    }

    @Override
    @NonNull
    public CompletionStage<Void> deliver(@NonNull EventMessage event) {
        return executor.run(() -> subscription.handler().handle(composer.toCloudEvent(event)));
    }
}
