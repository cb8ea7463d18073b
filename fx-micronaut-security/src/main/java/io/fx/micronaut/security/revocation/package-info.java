/**
 * Token revocation: the {@link io.fx.micronaut.security.revocation.Revoker} store SPI (memory, Redis and SQL
 * stores, chosen by {@code fx.security.revocation.store}), checked for every bearer token after its
 * signature and claims, and the logout actions that write to it.
 *
 * @since 0.5.0
 */
package io.fx.micronaut.security.revocation;
