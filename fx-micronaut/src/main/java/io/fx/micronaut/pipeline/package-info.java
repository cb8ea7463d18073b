/**
 * The request pipeline: steps, operations, the middleware SPI and the request context.
 */
package io.fx.micronaut.pipeline;
