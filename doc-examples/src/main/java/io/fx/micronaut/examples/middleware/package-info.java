/**
 * Middleware examples quoted by the README.
 */
package io.fx.micronaut.examples.middleware;
