/**
 * The {@link io.fx.micronaut.files.FileStorage} over a local directory, used when {@code fx.files.local.root} is set.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.files.local;
