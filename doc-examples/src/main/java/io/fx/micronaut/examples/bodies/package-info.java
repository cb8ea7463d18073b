/**
 * The README's examples of request bodies read as a stream within a route's limit, a download, and a
 * sub-resource answering another method with a redirect; on in the {@code bodies} environment.
 */
package io.fx.micronaut.examples.bodies;
