/**
 * Throttling of login actions: {@link io.fx.micronaut.security.login.LoginAttempts} counts failed logins per
 * account and per client address ({@code fx.security.login-attempts}) and refuses past the limits with 429
 * {@code TOO_MANY_REQUESTS}; the counts live in memory or, with a revocation store on SQL or Redis, in that store,
 * so that the instances of an application share them.
 *
 * @since 0.7.0
 */
package io.fx.micronaut.security.login;
