package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.OrderUtil;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link ScopeResolver} and {@link RecordListener} beans, sorted by order and grouped by the
 * models they apply to. A {@link DataStore} implementation asks it for the scope of each model a call
 * touches and the listeners of each model it writes.
 *
 * @since 0.3.0
 */
@Singleton
public final class StorageExtensions {

    private final List<ScopeResolver> resolvers;
    private final List<RecordListener> listeners;
    private final Map<Class<?>, List<ScopeResolver>> resolversByModel = new ConcurrentHashMap<>();
    private final Map<Class<?>, List<RecordListener>> listenersByModel = new ConcurrentHashMap<>();

    /**
     * @param resolvers the scope resolver beans
     * @param listeners the record listener beans
     */
    public StorageExtensions(@NonNull List<ScopeResolver> resolvers, @NonNull List<RecordListener> listeners) {
        List<ScopeResolver> sortedResolvers = new ArrayList<>(resolvers);
        OrderUtil.sort(sortedResolvers);
        this.resolvers = List.copyOf(sortedResolvers);
        List<RecordListener> sortedListeners = new ArrayList<>(listeners);
        OrderUtil.sort(sortedListeners);
        this.listeners = List.copyOf(sortedListeners);
    }

    /** @return whether any scope resolver is registered; when none is, every scope is unrestricted */
    public boolean hasScopes() {
        return !resolvers.isEmpty();
    }

    /**
     * @param model   a model
     * @param context who the call runs for
     * @return the conjunction of the scopes of every resolver that applies to the model
     */
    @NonNull
    public RecordScope scope(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
        if (resolvers.isEmpty()) {
            return RecordScope.unrestricted();
        }
        RecordScope scope = RecordScope.unrestricted();
        for (ScopeResolver resolver : resolversByModel.computeIfAbsent(model.getType(),
            t -> resolvers.stream().filter(r -> r.appliesTo(model)).toList())) {
            RecordScope resolved = resolver.resolve(model, context);
            scope = scope.and(resolved == null ? RecordScope.unrestricted() : resolved);
        }
        return scope;
    }

    /**
     * @param model a model
     * @return the listeners that apply to it, in order; empty when none does
     */
    @NonNull
    public List<RecordListener> listeners(@NonNull ModelDescriptor model) {
        if (listeners.isEmpty()) {
            return List.of();
        }
        return listenersByModel.computeIfAbsent(model.getType(),
            t -> listeners.stream().filter(l -> l.appliesTo(model)).toList());
    }
}
