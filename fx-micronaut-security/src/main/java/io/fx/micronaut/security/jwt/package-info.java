/**
 * Bearer JWT authentication: {@link io.fx.micronaut.security.jwt.JwtConfiguration} and
 * {@link io.fx.micronaut.security.jwt.JwksConfiguration}. The verification itself (signature, claims,
 * revocation, hooks) is shared with cookie sessions, and so is the revocation look-ahead, which a
 * {@link io.fx.micronaut.security.jwt.RevocationLookAheadSource} extends to other credentials that hold tokens.
 *
 * @since 0.4.0
 */
package io.fx.micronaut.security.jwt;
