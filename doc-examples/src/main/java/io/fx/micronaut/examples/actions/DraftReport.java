package io.fx.micronaut.examples.actions;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.examples.blog.Post;
import jakarta.inject.Singleton;

/**
 * The README's background example: code outside any request uses the same accessors.
 *
 * @since 0.2.0
 */
// tag::background[]
@Singleton
public class DraftReport {

    private final Models models;

    DraftReport(Models models) {
        this.models = models;
    }

    // tag::draft-counts[]
    /** @return how many drafts exist, through the query language */
    public long drafts() {
        return models.of(Post.class).list("filter=status:eq:draft&limit=1").total();
    }

    /** @return how many posts were published, through raw SQL with a bound parameter */
    public long published() {
        return ((Number) models.query("SELECT COUNT(*) AS n FROM \"posts\" WHERE \"status\" = ?", "published")
            .get(0).get("n")).longValue();
    }
    // end::draft-counts[]
}
// end::background[]
