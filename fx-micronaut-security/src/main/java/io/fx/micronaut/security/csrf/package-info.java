/**
 * Cross-site request forgery protection (off unless {@code fx.security.csrf.mode} is set): an origin check
 * and a double-submit or signed token check on POST, PUT, PATCH and DELETE, run on the Auth step right after
 * the authenticators, and {@link io.fx.micronaut.security.csrf.CsrfTokens} to hand the token to a client.
 *
 * @since 0.5.0
 */
package io.fx.micronaut.security.csrf;
