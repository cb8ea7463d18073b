/**
 * The transactional outbox: the capture listener, the tables, the relay and the subscriptions' executor. Not API:
 * use {@link io.fx.micronaut.events.EventBus} and {@link io.fx.micronaut.events.EventOutbox}.
 */
package io.fx.micronaut.events.outbox;
