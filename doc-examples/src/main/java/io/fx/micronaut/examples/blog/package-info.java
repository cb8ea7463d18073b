/**
 * The blog example: five annotated models ({@link io.fx.micronaut.examples.blog.Author},
 * {@link io.fx.micronaut.examples.blog.Post}, {@link io.fx.micronaut.examples.blog.Comment},
 * {@link io.fx.micronaut.examples.blog.Tag} and the junction
 * {@link io.fx.micronaut.examples.blog.PostTag}) served as a JSON REST API by a plain Micronaut main,
 * {@link io.fx.micronaut.examples.blog.BlogApplication}, secured by environment variables
 * ({@code BLOG_JWT_SECRET}, {@code BLOG_JWKS_URL}, {@code BLOG_API_KEY}, {@code BLOG_TENANCY}; see
 * {@link io.fx.micronaut.examples.blog.BlogSecurity} and {@code application-jwt.yml}). The README quotes
 * these files.
 */
package io.fx.micronaut.examples.blog;
