/**
 * Configuration under the {@code fx} prefix.
 */
package io.fx.micronaut.config;
