package io.fx.micronaut.events.cache;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.micronaut.cache.SyncCache;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Collects the keys of every record a covered write changes, inside the write's transaction (the record before
 * the write and after it, so a key that changes is dropped under its old value and its new one), and drops them
 * once the transaction commits; a rollback runs nothing.
 */
@Singleton
@Requires(classes = SyncCache.class)
final class InvalidationListener implements RecordListener {

    /** Late among listeners, so the keys come from what earlier ones changed. */
    private static final int ORDER = 1100;

    private final FxCache cache;
    private final BeanProvider<CacheInvalidator> invalidator;
    private final BeanProvider<Transactions> transactions;
    private final BeanProvider<MiddlewareInventory> pipeline;

    /**
     * @param pipeline the compiled pipeline: asked for before deciding which models are covered, so that every
     *                 {@link FxCache#invalidate} registration is bound by then
     */
    InvalidationListener(FxCache cache, BeanProvider<CacheInvalidator> invalidator,
                         BeanProvider<Transactions> transactions, BeanProvider<MiddlewareInventory> pipeline) {
        this.cache = cache;
        this.invalidator = invalidator;
        this.transactions = transactions;
        this.pipeline = pipeline;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        pipeline.get();
        return cache.covers(model);
    }

    /**
     * Only the writes a registration covers: a create of a model whose caches drop keys on updates and deletes alone
     * is not observed, and keeps the one-statement path.
     */
    @Override
    public boolean observes(@NonNull ModelDescriptor model, @NonNull WriteOperation operation,
                            @NonNull Map<String, Object> values) {
        return cache.covers(model, operation);
    }

    /** The keys are collected after the statement: on PostgreSQL the update reads its pre-image. */
    @Override
    public boolean needsPreImageBeforeStatement() {
        return false;
    }

    @Override
    public void afterWrite(@NonNull RecordChange change) {
        for (CacheRule rule : cache.rules(change.getModel(), change.getOperation())) {
            Set<Object> keys = new LinkedHashSet<>();
            collect(rule, change.getBefore(), keys);
            collect(rule, change.getAfter(), keys);
            if (!keys.isEmpty()) {
                List<Object> dropped = List.copyOf(keys);
                CacheInvalidator target = invalidator.get();
                transactions.get().afterCommit(change.getContext(), () -> target.invalidate(rule.cacheName(), dropped));
            }
        }
    }

    private static void collect(CacheRule rule, Optional<Map<String, Object>> image, Set<Object> keys) {
        if (image.isEmpty()) {
            return;
        }
        Object result = rule.keys().keys(image.get());
        if (result instanceof Iterable<?> many) {
            for (Object key : many) {
                if (key != null) {
                    keys.add(key);
                }
            }
        } else if (result != null) {
            keys.add(result);
        }
    }
}
