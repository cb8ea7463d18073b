/**
 * The blog's scheduled transitions: {@code Post.publishAt} publishes a draft and {@code Post.expiresAt} soft-deletes
 * a post once due; {@link io.fx.micronaut.examples.scheduled.TransitionLog} logs each, and with
 * {@code BLOG_ADMIN_TOKEN} {@code POST /api/admin/sweep} sweeps at once.
 */
package io.fx.micronaut.examples.scheduled;
