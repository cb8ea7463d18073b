/**
 * The OpenAPI example: an application controller of the blog whose compile-time Micronaut OpenAPI
 * description joins the generated document at {@code /api/openapi.json}.
 */
package io.fx.micronaut.examples.openapi;
