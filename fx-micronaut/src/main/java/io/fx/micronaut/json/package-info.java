/**
 * JSON reading and writing through the application's {@code JsonMapper}.
 */
package io.fx.micronaut.json;
