/**
 * Authentication on the Auth step: the middleware that asks the {@link io.fx.micronaut.security.Authenticator}s in
 * order and refuses a request without credential (401) unless an admission ({@code allowAnonymous()},
 * {@code allowPublicRead()}) or a PUBLIC action lets it through, and the rule that leaves the framework's routes to
 * it when Micronaut's own security filter is on.
 */
package io.fx.micronaut.security.authentication;
