/**
 * Webhooks of the events module (Standard Webhooks 1.0): each {@code fx.events.webhooks.<name>} entry is an event
 * destination that POSTs signed CloudEvents, refusing internal addresses unless allowed.
 *
 * @since 0.8.0
 */
package io.fx.micronaut.events.webhooks;
