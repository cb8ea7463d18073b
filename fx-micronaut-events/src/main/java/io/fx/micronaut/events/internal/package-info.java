/**
 * Not API: the transactional outbox (the capture listener, the tables, the relay, the subscriptions' executor) and
 * the configuration defaults the broker integrations need. Use {@link io.fx.micronaut.events.EventBus},
 * {@link io.fx.micronaut.events.EventOutbox} and {@link io.fx.micronaut.events.FxEvents}.
 */
package io.fx.micronaut.events.internal;
