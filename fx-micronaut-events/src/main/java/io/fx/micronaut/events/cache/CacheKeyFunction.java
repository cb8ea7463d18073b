package io.fx.micronaut.events.cache;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;

/**
 * The cache keys of a record, for {@link FxCache#invalidate(String, CacheKeyFunction)}: called with each changed
 * record's image before the write and with its image after it, inside the write's transaction. It returns the key
 * the application caches the record's data under (the same value, of the same type, that the cache was given: a
 * {@code @Cacheable} method's single argument, for one), a {@link Iterable} of keys, or null for none.
 *
 * <pre>{@code
 * cache.invalidate("post-summaries", post -> post.get("id"))          // on Post
 * cache.invalidate("post-summaries", comment -> comment.get("post_id")) // on Comment
 * }</pre>
 *
 * @since 0.8.0
 */
@FunctionalInterface
public interface CacheKeyFunction {

    /**
     * @param record the record's fields by name, as the store read them (ids as strings), redacted ones included
     * @return a key, an {@link Iterable} of keys, or null for none
     */
    @Nullable
    Object keys(@NonNull Map<String, Object> record);
}
