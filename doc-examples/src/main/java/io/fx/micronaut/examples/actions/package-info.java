/**
 * The README's examples of transactions, model accessors, custom actions and access declarations.
 */
package io.fx.micronaut.examples.actions;
