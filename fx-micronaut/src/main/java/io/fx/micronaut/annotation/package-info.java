/**
 * The model annotations: {@link io.fx.micronaut.annotation.FxModel}, {@link io.fx.micronaut.annotation.Fx},
 * {@link io.fx.micronaut.annotation.FxIndex}, {@link io.fx.micronaut.annotation.FxQueryLimits} and
 * {@link io.fx.micronaut.annotation.SoftDelete}. They depend on nothing else in the framework; the
 * middleware annotations ({@code FxMiddleware}, {@code FxModelMiddleware}) live with the pipeline they
 * configure, in {@code io.fx.micronaut.pipeline}.
 */
package io.fx.micronaut.annotation;
