/**
 * The exception hierarchy: {@link io.fx.micronaut.exception.FxException} carries status, code and details.
 */
package io.fx.micronaut.exception;
