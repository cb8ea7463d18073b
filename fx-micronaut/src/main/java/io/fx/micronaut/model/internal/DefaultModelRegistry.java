package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.config.QueryLimitsConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.BeanLocator;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanIntrospector;
import io.micronaut.core.order.OrderUtil;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The model registry: discovers {@link FxModel} introspections, runs {@link ModelRegistrar} beans and
 * builds every descriptor at startup. Sealed when the data store opens.
 */
@Internal
@Context
public final class DefaultModelRegistry implements ModelRegistry {

    private final ModelDescriptorFactory factory;
    private final BeanLocator beans;
    private final Map<Class<?>, ModelDescriptor> byType = new LinkedHashMap<>();
    private final List<ModelDescriptor> ordered = new ArrayList<>();
    private volatile Map<String, ModelDescriptor> byCollection = Map.of();
    private volatile Map<String, ModelDescriptor> byName = Map.of();
    private final Map<Class<?>, List<RelationDeclaration>> declarations = new LinkedHashMap<>();
    private volatile boolean sealed;
    private boolean linked;

    /**
     * @param configuration server configuration
     * @param limits        server query limits
     * @param registrars    programmatic registrars
     * @param directives    directives contributed by modules, beside the core's
     * @param beans         the bean locator, for per-model middleware beans
     */
    public DefaultModelRegistry(FxConfiguration configuration, QueryLimitsConfiguration limits,
                                List<ModelRegistrar> registrars, List<FieldDirective> directives, BeanLocator beans) {
        this.factory = new ModelDescriptorFactory(limits.toLimits(), configuration.isStrict(), directives);
        this.beans = beans;
        BeanIntrospector.SHARED.findIntrospections(FxModel.class).stream()
            .sorted(Comparator.comparing(i -> i.getBeanType().getName()))
            .forEach(i -> add(i, AnnotatedModelOptions.read(i, beans)));
        List<ModelRegistrar> ordered = new ArrayList<>(registrars);
        OrderUtil.sort(ordered);
        ordered.forEach(r -> r.register(this));
        linkRelations();
    }

    /** Resolves every model's relations; a model registered later is linked again when the registry seals. */
    private synchronized void linkRelations() {
        RelationLinker.link(byType, declarations);
        linked = true;
    }

    @Override
    @NonNull
    public synchronized ModelRegistration register(@NonNull Object... items) {
        Class<?> pending = null;
        ModelOptions pendingOptions = null;
        for (Object item : flatten(items)) {
            if (item instanceof ModelOptions options) {
                if (pending == null) {
                    throw new FxConfigurationException("Model options " + options + " must follow the model class they configure");
                }
                pendingOptions = options;
            } else if (item instanceof ModelDescriptor descriptor) {
                if (pending != null) {
                    addClass(pending, pendingOptions);
                    pending = null;
                    pendingOptions = null;
                }
                addSynthetic(descriptor);
            } else if (item instanceof Class<?> type) {
                if (pending != null) {
                    addClass(pending, pendingOptions);
                }
                pending = type;
                pendingOptions = null;
            } else {
                throw new FxConfigurationException("Cannot register " + item
                    + ": expected a model class, ModelOptions or a synthetic ModelDescriptor");
            }
        }
        if (pending != null) {
            addClass(pending, pendingOptions);
        }
        return this;
    }

    private void addClass(Class<?> type, ModelOptions options) {
        if (sealed) {
            throw new FxConfigurationException("Cannot register " + type.getName()
                + ": the model registry was sealed when the database adapter opened; register models at startup");
        }
        if (!BaseModel.class.isAssignableFrom(type)) {
            throw new FxConfigurationException("Cannot register " + type.getName() + ": a model must extend "
                + BaseModel.class.getName());
        }
        BeanIntrospection<?> introspection = BeanIntrospector.SHARED.findIntrospection(type).orElseThrow(() ->
            new FxConfigurationException("Cannot register " + type.getName() + ": it has no bean introspection; "
                + "annotate it with @FxModel or @Introspected"));
        add(introspection, options != null ? options : AnnotatedModelOptions.read(introspection, beans));
    }

    @Override
    @NonNull
    public ModelOptions optionsOf(@NonNull Class<?> type) {
        return BeanIntrospector.SHARED.findIntrospection(type).map(i -> AnnotatedModelOptions.read(i, beans))
            .orElseThrow(() -> new FxConfigurationException("Cannot read the options of " + type.getName()
                + ": it has no bean introspection; annotate it with @FxModel or @Introspected"));
    }

    private synchronized void add(BeanIntrospection<?> introspection, ModelOptions options) {
        ModelDescriptor model = factory.create(introspection, options);
        declarations.put(model.getType(), RelationScanner.scan(introspection, model.getName()));
        index(model);
    }

    private synchronized void addSynthetic(ModelDescriptor model) {
        if (sealed) {
            throw new FxConfigurationException("Cannot register " + model.getName()
                + ": the model registry was sealed when the database adapter opened; register models at startup");
        }
        if (!model.isSynthetic()) {
            throw new FxConfigurationException("Cannot register the descriptor of " + model.getName()
                + ": register its class instead (only ModelDescriptor.synthetic(...) descriptors are registered as such)");
        }
        ModelDescriptorFactory.checkTableName(model.getName(), model.getTable());
        index(model);
    }

    private void index(ModelDescriptor model) {
        linked = false;
        Map<String, ModelDescriptor> tables = new LinkedHashMap<>();
        Map<String, ModelDescriptor> names = new LinkedHashMap<>(byName);
        int replaced = -1;
        ModelDescriptor clash = names.put(model.getName(), model);
        if (clash != null && !clash.isSynthetic() && !model.isSynthetic() && clash.getType() == model.getType()) {
            // the class registered again (a registrar changing a discovered model's options) replaces it in place
            replaced = ordered.indexOf(clash);
            clash = null;
        }
        if (clash != null) {
            throw new FxConfigurationException("Models " + describe(clash) + " and " + describe(model)
                + " share the name " + model.getName());
        }
        for (ModelDescriptor m : names.values()) {
            clash = tables.put(m.getTable(), m);
            if (clash != null) {
                throw new FxConfigurationException("Models " + describe(clash) + " and " + describe(m)
                    + " both use the table " + m.getTable());
            }
        }
        if (!model.isSynthetic()) {
            byType.put(model.getType(), model);
        }
        Map<String, ModelDescriptor> collections = new LinkedHashMap<>();
        tables.forEach((table, m) -> {
            if (!m.isHeadless()) {
                collections.put(table, m);
            }
        });
        byCollection = Map.copyOf(collections);
        byName = Map.copyOf(names);
        if (replaced >= 0) {
            ordered.set(replaced, model);
        } else {
            ordered.add(model);
        }
    }

    private static String describe(ModelDescriptor model) {
        return model.isSynthetic() ? model.getName() + " (synthetic)" : model.getType().getName();
    }

    private static List<Object> flatten(Object[] items) {
        List<Object> flat = new ArrayList<>();
        for (Object item : items) {
            if (item instanceof Iterable<?> list) {
                list.forEach(flat::add);
            } else if (item instanceof Object[] array) {
                flat.addAll(List.of(array));
            } else {
                flat.add(item);
            }
        }
        return flat;
    }

    @Override
    @NonNull
    public synchronized Collection<ModelDescriptor> getModels() {
        return List.copyOf(ordered);
    }

    @Override
    @NonNull
    public Optional<ModelDescriptor> findByCollection(@NonNull String collection) {
        return Optional.ofNullable(byCollection.get(collection));
    }

    @Override
    @NonNull
    public Optional<ModelDescriptor> findByName(@NonNull String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    @NonNull
    public synchronized Optional<ModelDescriptor> findByType(@NonNull Class<?> type) {
        return Optional.ofNullable(byType.get(type));
    }

    @Override
    public synchronized void seal() {
        if (!linked) {
            linkRelations();
        }
        sealed = true;
    }

    @Override
    public boolean isSealed() {
        return sealed;
    }
}
