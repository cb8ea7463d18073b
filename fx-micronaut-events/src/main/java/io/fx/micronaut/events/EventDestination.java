package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
     * failed attempt, retried later with backoff (or as {@link #retrySchedule()} says); completing with an
     * {@link EventDeliveryException} also says whether and when to retry. Return a new stage per call: the relay completes it exceptionally
     * when it times out, which a destination may check to skip work it has not started.
     *
     * @param event the event
     * @return completes when delivered
     */
    @NonNull
    CompletionStage<Void> deliver(@NonNull EventMessage event);

    /**
     * The delays between the attempts of one delivery, when this destination has a schedule of its own: after
     * the first attempt fails the relay waits the first delay, after the second the second, and so on, each
     * spread by &plusmn;20% at random; once the schedule is spent the delivery is marked {@code failed}. So a
     * schedule of n delays makes at most n + 1 attempts, whatever {@code fx.events.max-attempts} says. An
     * {@link EventDeliveryException} a delivery fails with may ask for another delay or for no retry at all.
     *
     * @return the schedule; empty (the default) for the relay's: {@code fx.events.initial-backoff} doubled per
     * attempt up to {@code fx.events.max-backoff}, {@code fx.events.max-attempts} attempts
     * @since 0.8.0
     */
    @NonNull
    default Optional<List<Duration>> retrySchedule() {
        return Optional.empty();
    }

    /**
     * @return how long one delivery may take before the relay counts it as a failed attempt; empty (the default)
     * for {@code fx.events.publish-timeout}. It must not exceed {@code fx.events.claim-lease} (else startup fails)
     * @since 0.8.0
     */
    @NonNull
    default Optional<Duration> deliveryTimeout() {
        return Optional.empty();
    }
}
