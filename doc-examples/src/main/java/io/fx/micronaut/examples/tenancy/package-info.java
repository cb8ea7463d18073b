/**
 * The README's "Extending the storage layer" example: a tenant scope on invoices.
 */
package io.fx.micronaut.examples.tenancy;
