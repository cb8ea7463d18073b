/**
 * Field-rule enforcement on create and update bodies.
 */
package io.fx.micronaut.validation;
