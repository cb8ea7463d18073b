/**
 * Events of fx-micronaut: {@link io.fx.micronaut.events.FxEvents} chooses which writes emit, each committed write
 * becomes a CloudEvent in a transactional outbox, and a relay delivers it at least once to every
 * {@link io.fx.micronaut.events.EventDestination}: the subscriptions of the {@link io.fx.micronaut.events.EventBus}
 * and the broker publishers (packages {@code kafka}, {@code nats}, {@code rabbitmq}, {@code redis}).
 * {@link io.fx.micronaut.events.EventOutbox} shows what is pending or failed. The outbox and relay live in
 * {@code internal}.
 *
 * @since 0.7.0
 */
package io.fx.micronaut.events;
