/**
 * Internals of the model registry: directive parsing, naming and descriptor building. Not API.
 */
package io.fx.micronaut.model.internal;
