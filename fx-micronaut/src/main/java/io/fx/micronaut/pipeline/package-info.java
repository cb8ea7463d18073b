/**
 * The request pipeline: steps, operations, the middleware SPI (with
 * {@link io.fx.micronaut.pipeline.ModelBoundMiddleware} for middleware checked per model at startup) and
 * the request context.
 */
package io.fx.micronaut.pipeline;
