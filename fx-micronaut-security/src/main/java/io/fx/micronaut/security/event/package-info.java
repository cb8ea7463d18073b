/**
 * The facts the security module publishes as Micronaut application events, for an audit log, metrics or alerts
 * to listen to ({@code ApplicationEventListener<LoginFailedEvent>} beans, or {@code @EventListener} methods):
 * logins that succeed or fail, refused credentials, logouts, and a revocation store that cannot answer. Events
 * carry who and what, never a token, a password or a secret. They are published on the request's thread; a
 * listener that needs time hands the work off.
 */
package io.fx.micronaut.security.event;
