package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Where the relay delivers events: a broker publisher (Kafka, NATS JetStream, RabbitMQ, Redis Streams) or a
 * subscription. Each destination gets one delivery row per matching event, written in the event's own
 * transaction, and sees each event until it acknowledges it once (at least once: a crash between the
 * acknowledgement and the relay marking the row delivers the same event id again). A record's events reach a
 * destination in commit order. Register one as a bean; its name is part of the outbox's rows and must stay the
 * same across restarts and instances.
 *
 * @since 0.7.0
 */
public interface EventDestination {

    /** @return the destination's name: 1 to 64 of {@code a-z}, {@code 0-9}, {@code .}, {@code _} and {@code -} */
    @NonNull
    String name();

    /** @return the {@linkplain EventPatterns patterns} of the event types it receives; {@code *} for every type */
    @NonNull
    default List<String> patterns() {
        return List.of("*");
    }

    /**
     * Delivers one event. The returned stage completes once the destination holds the event durably (a
     * broker's acknowledgement); completing exceptionally, or not within {@code fx.events.publish-timeout}, is a
     * failed attempt, retried later with backoff. Return a new stage per call: the relay completes it exceptionally
     * when it times out, which a destination may check to skip work it has not started.
     *
     * @param event the event
     * @return completes when delivered
     */
    @NonNull
    CompletionStage<Void> deliver(@NonNull EventMessage event);
}
