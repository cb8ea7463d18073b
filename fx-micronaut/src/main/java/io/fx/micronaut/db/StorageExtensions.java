package io.fx.micronaut.db;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.OrderUtil;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link ScopeResolver} and {@link RecordListener} beans, sorted by order and grouped by the
 * models they apply to. A {@link DataStore} implementation asks it for the scope of each model a call
 * touches and the listeners of each model it writes. The beans are looked up on first use, so a
 * listener or resolver may itself depend on the {@link DataStore}.
 *
 * @since 0.3.0
 */
@Singleton
public final class StorageExtensions {

    private final BeanProvider<ScopeResolver> resolverBeans;
    private final BeanProvider<RecordListener> listenerBeans;
    private volatile List<ScopeResolver> resolvers;
    private volatile List<RecordListener> listeners;
    private final Map<String, List<ScopeResolver>> resolversByModel = new ConcurrentHashMap<>();
    private final Map<String, List<RecordListener>> listenersByModel = new ConcurrentHashMap<>();
    private final Map<String, List<RecordListener>> softDeleteListenersByModel = new ConcurrentHashMap<>();

    /**
     * @param resolverBeans the scope resolver beans
     * @param listenerBeans the record listener beans
     */
    @Inject
    public StorageExtensions(@NonNull BeanProvider<ScopeResolver> resolverBeans,
                             @NonNull BeanProvider<RecordListener> listenerBeans) {
        this.resolverBeans = resolverBeans;
        this.listenerBeans = listenerBeans;
    }

    /**
     * Extensions given as they are, for a store built outside a bean context.
     *
     * @param resolvers the scope resolvers
     * @param listeners the record listeners
     */
    public StorageExtensions(@NonNull List<ScopeResolver> resolvers, @NonNull List<RecordListener> listeners) {
        this.resolverBeans = null;
        this.listenerBeans = null;
        this.resolvers = sorted(resolvers);
        this.listeners = sorted(listeners);
    }

    private static <T> List<T> sorted(List<T> beans) {
        List<T> sorted = new ArrayList<>(beans);
        OrderUtil.sort(sorted);
        return List.copyOf(sorted);
    }

    private List<ScopeResolver> resolvers() {
        List<ScopeResolver> loaded = resolvers;
        if (loaded == null) {
            loaded = sorted(resolverBeans.stream().toList());
            resolvers = loaded;
        }
        return loaded;
    }

    private List<RecordListener> allListeners() {
        List<RecordListener> loaded = listeners;
        if (loaded == null) {
            loaded = sorted(listenerBeans.stream().toList());
            listeners = loaded;
        }
        return loaded;
    }

    /** @return whether any scope resolver is registered; when none is, every scope is unrestricted */
    public boolean hasScopes() {
        return !resolvers().isEmpty();
    }

    /**
     * @param model   a model
     * @param context who the call runs for
     * @return the conjunction of the scopes of every resolver that applies to the model
     */
    @NonNull
    public RecordScope scope(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
        return scope(model, context, null);
    }

    /**
     * @param model     a model
     * @param context   who the call runs for
     * @param operation what the write does to the rows
     * @return the conjunction of the {@link ScopeResolver#resolveWrite write scopes} of every resolver that
     *     applies to the model: the rows the caller may write so
     * @since 0.7.0
     */
    @NonNull
    public RecordScope writeScope(@NonNull ModelDescriptor model, @NonNull StorageContext context,
                                  @NonNull WriteOperation operation) {
        return scope(model, context, operation);
    }

    private RecordScope scope(ModelDescriptor model, StorageContext context, WriteOperation write) {
        List<ScopeResolver> applicable = applicable(model);
        if (applicable.isEmpty()) {
            return RecordScope.unrestricted();
        }
        RecordScope scope = RecordScope.unrestricted();
        for (ScopeResolver resolver : applicable) {
            RecordScope resolved = write != null ? resolver.resolveWrite(model, context, write)
                : resolver.resolve(model, context);
            scope = scope.and(resolved == null ? RecordScope.unrestricted() : resolved);
        }
        return scope;
    }

    /**
     * @param model a model
     * @return the columns that partition the model's unique constraints: those every resolver that applies
     *     to it names in {@link ScopeResolver#uniqueWithin}, in resolver order, each once; empty when none does
     * @throws FxConfigurationException when a resolver names a column the model lacks
     * @since 0.7.0
     */
    @NonNull
    public List<String> uniqueWithin(@NonNull ModelDescriptor model) {
        Set<String> columns = new LinkedHashSet<>();
        for (ScopeResolver resolver : applicable(model)) {
            for (String column : resolver.uniqueWithin(model)) {
                if (model.findField(column).isEmpty()) {
                    throw new FxConfigurationException("The scope resolver " + resolver.getClass().getName()
                        + " partitions the unique constraints of model " + model.getName() + " by '" + column
                        + "', which is not a column of its table " + model.getTable());
                }
                columns.add(column);
            }
        }
        return List.copyOf(columns);
    }

    private List<ScopeResolver> applicable(ModelDescriptor model) {
        List<ScopeResolver> all = resolvers();
        if (all.isEmpty()) {
            return all;
        }
        return resolversByModel.computeIfAbsent(model.getName(),
            t -> all.stream().filter(r -> r.appliesTo(model)).toList());
    }

    /**
     * @param model a model
     * @return the listeners that apply to it, in order; empty when none does
     */
    @NonNull
    public List<RecordListener> listeners(@NonNull ModelDescriptor model) {
        List<RecordListener> all = allListeners();
        if (all.isEmpty()) {
            return List.of();
        }
        return listenersByModel.computeIfAbsent(model.getName(),
            t -> all.stream().filter(l -> l.appliesTo(model)).toList());
    }

    /**
     * @param model a model that soft-deletes
     * @return the listeners that apply to it and {@linkplain RecordListener#observesSoftDeletes observe} its soft
     *     deletes by id, in order; empty when none does
     * @since 0.11.0
     */
    @NonNull
    public List<RecordListener> softDeleteListeners(@NonNull ModelDescriptor model) {
        List<RecordListener> applying = listeners(model);
        if (applying.isEmpty()) {
            return applying;
        }
        return softDeleteListenersByModel.computeIfAbsent(model.getName(),
            t -> applying.stream().filter(l -> l.observesSoftDeletes(model)).toList());
    }

    /**
     * @param model     a model
     * @param operation {@link WriteOperation#CREATE} or {@link WriteOperation#UPDATE}
     * @param values    the values the write sets
     * @return the listeners that apply to the model and {@linkplain RecordListener#observes observe} this write, in
     *     order; empty when none does
     * @since 0.10.0
     */
    @NonNull
    public List<RecordListener> listeners(@NonNull ModelDescriptor model, @NonNull WriteOperation operation,
                                          @NonNull Map<String, Object> values) {
        List<RecordListener> applying = listeners(model);
        if (applying.isEmpty()) {
            return applying;
        }
        Map<String, Object> readOnly = Collections.unmodifiableMap(values);
        List<RecordListener> observing = new ArrayList<>(applying.size());
        for (RecordListener listener : applying) {
            if (listener.observes(model, operation, readOnly)) {
                observing.add(listener);
            }
        }
        return observing.size() == applying.size() ? applying : List.copyOf(observing);
    }
}
