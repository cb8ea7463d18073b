package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventPatterns;
import io.fx.micronaut.events.EventSubscriber;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The destinations events go to: the {@link EventDestination} beans (the broker publishers) and the
 * subscriptions made since startup, each with its patterns. Made at startup, so a destination that is
 * misconfigured (or a subscriber's bad pattern) fails it.
 */
@Internal
@Context
public final class Destinations {

    private final Map<String, Entry> byName = new ConcurrentHashMap<>();
    private final List<java.util.function.Consumer<String>> watchers = new java.util.concurrent.CopyOnWriteArrayList<>();

    Destinations(List<EventDestination> beans, List<EventSubscriber> subscribers, EventComposer composer,
                 SubscriberExecutor executor) {
        List<EventDestination> all = new ArrayList<>(beans);
        for (EventSubscriber subscriber : subscribers) {
            Subscription subscription;
            try {
                subscription = new Subscription(subscriber.name(), subscriber.patterns(), subscriber);
            } catch (IllegalArgumentException e) {
                throw new FxConfigurationException("Event subscriber " + subscriber.getClass().getName() + ": "
                    + e.getMessage());
            }
            all.add(new SubscriptionDestination(subscription, composer, executor));
        }
        for (EventDestination destination : all) {
            Entry entry = entry(destination);
            if (byName.putIfAbsent(entry.destination().name(), entry) != null) {
                throw new FxConfigurationException("Two event destinations are named '" + entry.destination().name()
                    + "'");
            }
        }
    }

    private static Entry entry(EventDestination destination) {
        try {
            Subscription.checkName(destination.name());
            return new Entry(destination, EventPatterns.of(destination.patterns()));
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException("Event destination " + destination.getClass().getName() + ": "
                + e.getMessage());
        }
    }

    /**
     * @param destination a destination to add
     * @throws IllegalArgumentException when one of that name is there
     */
    void add(@NonNull EventDestination destination) {
        Entry entry = new Entry(destination, EventPatterns.of(destination.patterns()));
        if (byName.putIfAbsent(destination.name(), entry) != null) {
            throw new IllegalArgumentException("an event destination named '" + destination.name()
                + "' is already subscribed");
        }
        watchers.forEach(watcher -> watcher.accept(destination.name()));
    }

    /**
     * @param watcher told the name of every destination there is now and of each one added later
     */
    void watch(@NonNull java.util.function.Consumer<String> watcher) {
        watchers.add(watcher);
        names().forEach(watcher);
    }

    /** @param destination a destination added before, to remove */
    void remove(@NonNull EventDestination destination) {
        byName.computeIfPresent(destination.name(), (name, entry) -> entry.destination() == destination ? null : entry);
    }

    /**
     * @param type an event type
     * @return the names of the destinations that receive it
     */
    @NonNull
    List<String> matching(@NonNull String type) {
        List<String> names = new ArrayList<>(2);
        for (Entry entry : byName.values()) {
            if (entry.patterns().matches(type)) {
                names.add(entry.destination().name());
            }
        }
        return names;
    }

    /**
     * @param name a destination's name
     * @return it, when registered
     */
    @Nullable
    EventDestination find(@NonNull String name) {
        Entry entry = byName.get(name);
        return entry == null ? null : entry.destination();
    }

    /** @return the names of every destination registered now */
    @NonNull
    Collection<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** @return whether there is none */
    boolean isEmpty() {
        return byName.isEmpty();
    }

    private record Entry(EventDestination destination, EventPatterns patterns) {
    }
}
