/**
 * Internals of the pipeline: chain compilation and execution. Not API.
 */
package io.fx.micronaut.pipeline.internal;
