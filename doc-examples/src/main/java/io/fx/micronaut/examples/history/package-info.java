/**
 * The blog's change history: {@code Post} keeps a snapshot per write, {@code Comment} the changed fields only, and
 * {@code BLOG_HISTORY_TOKEN} guards the history of posts ({@link io.fx.micronaut.examples.history.HistoryToken}).
 *
 * @since 0.8.0
 */
package io.fx.micronaut.examples.history;
