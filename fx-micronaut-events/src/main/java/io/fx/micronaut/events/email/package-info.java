/**
 * E-mail of the events module: each {@code fx.events.email.<name>} entry is an event destination that mails the
 * matching events through Micronaut Email's {@code EmailSender}, its subject and body rendered from text templates
 * over the event's redacted data.
 *
 * @since 0.8.0
 */
package io.fx.micronaut.events.email;
