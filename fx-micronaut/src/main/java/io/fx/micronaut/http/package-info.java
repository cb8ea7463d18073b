/**
 * Outbound HTTP for the modules that call other services with the JDK's {@link java.net.http.HttpClient} (a
 * key set, a key vault, a test client): {@link io.fx.micronaut.http.BoundedExchange} bounds a whole exchange,
 * its body included, in time and in size.
 *
 * @since 0.10.0
 */
package io.fx.micronaut.http;
