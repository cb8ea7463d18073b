/**
 * Implementation of the model accessors. Not API.
 */
package io.fx.micronaut.accessor.internal;
