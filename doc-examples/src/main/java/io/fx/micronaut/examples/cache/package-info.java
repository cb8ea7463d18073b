/**
 * The blog's cached post summaries ({@code GET /api/posts/{id}/summary}) and their invalidation on writes.
 */
package io.fx.micronaut.examples.cache;
