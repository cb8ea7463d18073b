/**
 * The request pipeline: steps, operations, the middleware SPI and its annotations
 * ({@link io.fx.micronaut.pipeline.FxMiddleware}, {@link io.fx.micronaut.pipeline.FxModelMiddleware},
 * {@link io.fx.micronaut.pipeline.ModelBoundMiddleware} for middleware checked per model at startup),
 * sub-resources, the request context, and (marked {@code @Internal}) the compiled chains and their executor.
 */
package io.fx.micronaut.pipeline;
