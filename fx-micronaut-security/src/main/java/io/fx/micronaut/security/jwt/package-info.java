/**
 * Bearer JWT authentication: {@link io.fx.micronaut.security.jwt.JwtConfiguration} and
 * {@link io.fx.micronaut.security.jwt.JwksConfiguration}.
 *
 * @since 0.4.0
 */
package io.fx.micronaut.security.jwt;
