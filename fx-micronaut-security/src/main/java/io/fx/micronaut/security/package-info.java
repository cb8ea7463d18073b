/**
 * Authentication and authorisation for fx-micronaut: bearer JWT, API keys and custom
 * {@link io.fx.micronaut.security.Authenticator}s on the Auth step, and the {@link io.fx.micronaut.security.FxSecurity}
 * factories for roles, scopes, owners, policies, blocked operations and tenancy; the module's error codes
 * ({@link io.fx.micronaut.security.SecurityErrorCodes}).
 *
 * @since 0.4.0
 */
package io.fx.micronaut.security;
