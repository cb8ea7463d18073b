/**
 * The request pipeline: steps, operations, the middleware SPI and its annotations
 * ({@link io.fx.micronaut.pipeline.FxMiddleware}, {@link io.fx.micronaut.pipeline.FxModelMiddleware},
 * {@link io.fx.micronaut.pipeline.ModelBoundMiddleware} for middleware checked per model at startup),
 * sub-resources, the request context with its body ({@link io.fx.micronaut.pipeline.RequestBody}, read whole or
 * streamed), the answer ({@link io.fx.micronaut.pipeline.FxResponse}: JSON, other content, a redirect), and
 * (marked {@code @Internal}) the compiled chains and their executor.
 */
package io.fx.micronaut.pipeline;
