/**
 * API key authentication: {@link io.fx.micronaut.security.apikey.ApiKeyConfiguration} and its entries.
 *
 * @since 0.4.0
 */
package io.fx.micronaut.security.apikey;
