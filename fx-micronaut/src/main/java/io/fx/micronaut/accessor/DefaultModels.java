package io.fx.micronaut.accessor;

import io.fx.micronaut.accessor.DefaultModelAccessor;

import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.query.QueryParser;
import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.validation.RecordValidator;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@link Models} bean: stateless, so one instance serves every request and background thread;
 * the transaction is the one active on the calling thread.
 */
@Internal
@Singleton
final class DefaultModels implements Models {

    private final ModelRegistry registry;
    private final DataStore store;
    private final RecordValidator validator;
    private final QueryParser parser;
    private final StorageContext context;

    /**
     * @param registry  the models
     * @param store     the data store
     * @param validator the field rules
     * @param codecs    the field codecs, which may forbid filtering or sorting a field
     */
    @Inject
    public DefaultModels(ModelRegistry registry, DataStore store, RecordValidator validator, FieldCodecs codecs) {
        this(registry, store, validator, new QueryParser(codecs::isFilterable, codecs::isSortable, codecs::queryRefusal),
            StorageContext.system());
    }

    private DefaultModels(ModelRegistry registry, DataStore store, RecordValidator validator, QueryParser parser,
                          StorageContext context) {
        this.registry = registry;
        this.store = store;
        this.validator = validator;
        this.parser = parser;
        this.context = context;
    }

    @Override
    @NonNull
    public Models as(@NonNull StorageContext context) {
        return new DefaultModels(registry, store, validator, parser, context);
    }

    @Override
    @NonNull
    public StorageContext context() {
        return context;
    }

    @Override
    public void afterCommit(@NonNull Runnable callback) {
        store.afterCommit(context, callback);
    }

    @Override
    public void afterRollback(@NonNull Runnable callback) {
        store.afterRollback(context, callback);
    }

    @Override
    @NonNull
    public ModelAccessor of(@NonNull String name) {
        return accessor(registry.findByName(name).orElseThrow(() ->
            ErrorCode.NOT_FOUND.exception("No model named '" + name + "' is registered")));
    }

    @Override
    @NonNull
    public ModelAccessor of(@NonNull Class<?> type) {
        return accessor(registry.findByType(type).orElseThrow(() ->
            ErrorCode.NOT_FOUND.exception("The class " + type.getName() + " is not a registered model")));
    }

    private ModelAccessor accessor(ModelDescriptor model) {
        return new DefaultModelAccessor(model, store, validator, parser, context);
    }

    @Override
    @NonNull
    public List<Map<String, Object>> query(@NonNull String sql, @NonNull Object... parameters) {
        return store.query(sql, Arrays.asList(parameters));
    }

    @Override
    public int execute(@NonNull String sql, @NonNull Object... parameters) {
        return store.execute(sql, Arrays.asList(parameters));
    }

    @Override
    public <R> R inTransaction(@NonNull Supplier<R> work) {
        return store.inTransaction(work);
    }

    @Override
    public boolean isInTransaction() {
        return store.isActive();
    }
}
