/**
 * Models: {@link io.fx.micronaut.model.BaseModel}, the registry and immutable model and field descriptors.
 */
package io.fx.micronaut.model;
