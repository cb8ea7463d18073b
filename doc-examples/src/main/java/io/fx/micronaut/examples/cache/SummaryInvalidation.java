package io.fx.micronaut.examples.cache;

import io.fx.micronaut.events.cache.FxCache;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * Drops a post's summary from {@code post-summaries} once a write of the post, or of one of its comments, has
 * committed: a post is cached under its id, a comment counts for the post its {@code post_id} names (before and
 * after the write, so a comment moved to another post drops both).
 *
 * @since 0.8.0
 */
// tag::summary-invalidation[]
@Singleton
public class SummaryInvalidation implements PipelineConfigurer {

    private final FxCache cache;

    SummaryInvalidation(FxCache cache) {
        this.cache = cache;
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        // a new post has no summary yet: only its updates and deletes drop one (so its creates are one statement)
        registry.use(Step.DB, cache.invalidate(PostSummary.CACHE, post -> post.get("id")),
            MiddlewareOptions.after().models("Post").operations(Operation.UPDATE, Operation.DELETE));
        registry.use(Step.DB, cache.invalidate(PostSummary.CACHE, comment -> comment.get("post_id")),
            MiddlewareOptions.after().models("Comment"));
    }
}
// end::summary-invalidation[]
