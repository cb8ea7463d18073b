package io.fx.micronaut.examples.cache;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.examples.blog.Comment;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.cache.CacheManager;
import io.micronaut.cache.SyncCache;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /api/posts/{id}/summary}: {@code {data: {id, title, comment_count, computed_at}}}, through the read
 * pipeline of posts (an unknown post, or one the caller may not read, is the record's 404), kept in the Caffeine
 * cache {@code post-summaries} under the post id until {@link SummaryInvalidation} drops it or it expires.
 *
 * @since 0.8.0
 */
@Singleton
public class PostSummary implements SubResource {

    /** The cache's name ({@code micronaut.caches.post-summaries}). */
    public static final String CACHE = "post-summaries";
    private static final Argument<Map<String, Object>> SUMMARY = Argument.mapOf(String.class, Object.class);

    private final SyncCache<?> cache;
    private final Models models;

    PostSummary(CacheManager<?> caches, Models models) {
        this.cache = caches.getCache(CACHE);
        this.models = models;
    }

    @Override
    @NonNull
    public String name() {
        return "summary";
    }

    @Override
    @NonNull
    public Operation operation() {
        return Operation.READ;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        return model.getName().equals("Post");
    }

    // tag::summary-cached[]
    @Override
    public Object load(@NonNull RequestContext context) {
        Map<String, Object> post = context.getStoredRecord().orElseThrow();
        String id = String.valueOf(post.get("id"));
        return cache.get(id, SUMMARY, () -> summary(id, post.get("title")));
    }
    // end::summary-cached[]

    private Map<String, Object> summary(String id, Object title) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("id", id);
        summary.put("title", title);
        summary.put("comment_count", models.of(Comment.class).list("filter=post_id:eq:" + id + "&limit=1").total());
        summary.put("computed_at", Instant.now().toString());
        return summary;
    }
}
