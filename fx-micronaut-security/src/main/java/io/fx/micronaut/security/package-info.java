/**
 * The security module's SPI and API: {@link io.fx.micronaut.security.Authenticator} (with the
 * {@link io.fx.micronaut.security.AuthScheme} it documents), {@link io.fx.micronaut.security.Policy},
 * {@link io.fx.micronaut.security.TokenHook}, the refusals and their {@link io.fx.micronaut.security.Challenges},
 * and the module's {@link io.fx.micronaut.security.SecurityErrorCodes}. Implementations live in packages by
 * concept: {@code authentication}, {@code rules} (with the {@code FxSecurity} façade), {@code jwt}, {@code apikey},
 * {@code session}, {@code csrf}, {@code revocation}, {@code login}, {@code logout}, {@code event}, {@code openapi}.
 *
 * @since 0.4.0
 */
package io.fx.micronaut.security;
