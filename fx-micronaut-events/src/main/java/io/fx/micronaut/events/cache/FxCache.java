package io.fx.micronaut.events.cache;

import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.cache.CacheManager;
import io.micronaut.cache.SyncCache;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drops cache keys after writes. Register {@link #invalidate(String, CacheKeyFunction)} on the DB step at position
 * {@code AFTER}, with the models (and, if wanted, operations) whose writes change what the cache holds. For every
 * record such a write changes (a generated route's, an accessor's, an action's, and each row a {@code cascade} or
 * {@code setNull} edge touches) the key function is applied to the record before and after the write, and once
 * the transaction has committed those keys are dropped from the Micronaut Cache of that name (its Caffeine cache,
 * {@code micronaut.caches.<name>}). A write that rolls back drops nothing. With {@code fx.cache.broadcast: redis}
 * the keys are also published for the other replicas, which drop them from their own caches.
 *
 * <pre>{@code
 * @Singleton
 * final class Caching implements PipelineConfigurer {
 *     private final FxCache cache;
 *     Caching(FxCache cache) { this.cache = cache; }
 *     public void configure(MiddlewareRegistry registry) {
 *         registry.use(Step.DB, cache.invalidate("post-summaries", post -> post.get("id")),
 *             MiddlewareOptions.after().models("Post"));
 *         registry.use(Step.DB, cache.invalidate("post-summaries", comment -> comment.get("post_id")),
 *             MiddlewareOptions.after().models("Comment"));
 *     }
 * }
 * }</pre>
 *
 * @since 0.8.0
 */
@Singleton
@Requires(classes = SyncCache.class)
public final class FxCache {

    private final BeanProvider<CacheManager<?>> caches;
    private final Map<String, List<CacheRule>> rules = new ConcurrentHashMap<>();

    FxCache(BeanProvider<CacheManager<?>> caches) {
        this.caches = caches;
    }

    /**
     * @param cacheName the Micronaut Cache to drop keys from; a name no cache has fails startup
     * @param keys      the keys of a record
     * @return the middleware, to register on the DB step at position {@code AFTER}; any other place fails startup
     * @throws FxConfigurationException when no cache has that name
     */
    @NonNull
    public Middleware invalidate(@NonNull String cacheName, @NonNull CacheKeyFunction keys) {
        Objects.requireNonNull(cacheName, "cacheName");
        Objects.requireNonNull(keys, "keys");
        Set<String> names = caches.get().getCacheNames();
        if (!names.contains(cacheName)) {
            throw new FxConfigurationException("FxCache.invalidate(\"" + cacheName + "\", ...): there is no cache named '"
                + cacheName + "' (configure micronaut.caches." + cacheName + "); the caches are " + new TreeSet<>(names));
        }
        return new Invalidate(cacheName, keys);
    }

    /**
     * @param model a model
     * @return whether any registration covers its writes
     */
    boolean covers(@NonNull ModelDescriptor model) {
        return rules.containsKey(model.getName());
    }

    /**
     * @param model     a model
     * @param operation a write
     * @return whether any registration covers that write of the model
     */
    boolean covers(@NonNull ModelDescriptor model, @NonNull WriteOperation operation) {
        for (CacheRule rule : rules.getOrDefault(model.getName(), List.of())) {
            if (rule.operations().contains(operation)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param model     a model
     * @param operation a write
     * @return the rules that apply to that write of the model
     */
    @NonNull
    List<CacheRule> rules(@NonNull ModelDescriptor model, @NonNull WriteOperation operation) {
        List<CacheRule> all = rules.getOrDefault(model.getName(), List.of());
        List<CacheRule> matching = new ArrayList<>(all.size());
        for (CacheRule rule : all) {
            if (rule.operations().contains(operation)) {
                matching.add(rule);
            }
        }
        return matching;
    }

    private void bind(ModelBinding binding, Invalidate middleware) {
        if (binding.step() != Step.DB || binding.position() != Position.AFTER) {
            throw new FxConfigurationException(middleware + " is registered on the " + binding.step()
                + " step at position " + binding.position() + " for model " + binding.model().getName()
                + "; register it on the DB step at position AFTER");
        }
        Set<WriteOperation> operations = EnumSet.noneOf(WriteOperation.class);
        if (binding.covers(Operation.CREATE)) {
            operations.add(WriteOperation.CREATE);
        }
        if (binding.covers(Operation.UPDATE)) {
            operations.add(WriteOperation.UPDATE);
        }
        if (binding.covers(Operation.DELETE)) {
            operations.add(WriteOperation.DELETE);
        }
        if (!operations.isEmpty()) {
            CacheRule rule = new CacheRule(middleware.cacheName, middleware.keys, Set.copyOf(operations));
            rules.compute(binding.model().getName(), (name, list) -> {
                List<CacheRule> next = list == null ? new ArrayList<>() : new ArrayList<>(list);
                next.add(rule);
                return List.copyOf(next);
            });
        }
    }

    /** Lets the response through: the keys were collected in the write's transaction and drop after its commit. */
    private final class Invalidate implements ModelBoundMiddleware {

        private final String cacheName;
        private final CacheKeyFunction keys;

        Invalidate(String cacheName, CacheKeyFunction keys) {
            this.cacheName = cacheName;
            this.keys = keys;
        }

        @Override
        public void bind(@NonNull ModelBinding binding) {
            FxCache.this.bind(binding, this);
        }

        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            next.next();
        }

        @Override
        public String toString() {
            return "FxCache.invalidate(\"" + cacheName + "\")";
        }
    }
}
