/**
 * Authentication and authorisation for fx-micronaut: bearer JWT, API keys and custom
 * {@link io.fx.micronaut.security.Authenticator}s on the Auth step, and the {@link io.fx.micronaut.security.FxSecurity}
 * factories for roles, scopes, owners, policies, blocked operations and tenancy; the error codes of login
 * throttling ({@link io.fx.micronaut.security.LoginAttemptCodes}).
 *
 * @since 0.4.0
 */
package io.fx.micronaut.security;
