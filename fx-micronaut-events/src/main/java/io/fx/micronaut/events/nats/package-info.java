/**
 * The NATS JetStream destination of the events module.
 *
 * @since 0.7.0
 */
package io.fx.micronaut.events.nats;
