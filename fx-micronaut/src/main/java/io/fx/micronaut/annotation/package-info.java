/**
 * Every user-facing annotation: {@link io.fx.micronaut.annotation.FxModel},
 * {@link io.fx.micronaut.annotation.Fx} and {@link io.fx.micronaut.annotation.FxMiddleware}.
 */
package io.fx.micronaut.annotation;
