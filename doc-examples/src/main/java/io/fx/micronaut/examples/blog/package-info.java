/**
 * The blog example: five annotated models ({@link io.fx.micronaut.examples.blog.Author},
 * {@link io.fx.micronaut.examples.blog.Post}, {@link io.fx.micronaut.examples.blog.Comment},
 * {@link io.fx.micronaut.examples.blog.Tag} and the junction
 * {@link io.fx.micronaut.examples.blog.PostTag}) served as a JSON REST API by a plain Micronaut main,
 * {@link io.fx.micronaut.examples.blog.BlogApplication}. The README quotes these files.
 */
package io.fx.micronaut.examples.blog;
