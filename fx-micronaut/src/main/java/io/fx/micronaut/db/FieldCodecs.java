package io.fx.micronaut.db;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.OrderUtil;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Which {@link FieldCodec} owns each field, decided once at startup for every registered model. A
 * store asks it while it renders and binds statements; the query layer and the API document ask it
 * whether a field may be filtered and sorted.
 *
 * @since 0.3.0
 */
@Singleton
public final class FieldCodecs {

    private final List<FieldCodec> codecs;
    private final Supplier<Collection<ModelDescriptor>> models;
    private final Map<FieldDescriptor, FieldCodec> byField = new IdentityHashMap<>();
    private final Map<FieldDescriptor, ModelDescriptor> modelOf = new IdentityHashMap<>();
    private final Map<ModelDescriptor, List<FieldDescriptor>> companionsByModel = new IdentityHashMap<>();
    private final Map<ModelDescriptor, Map<String, FieldDescriptor>> companionOwners = new IdentityHashMap<>();
    private volatile boolean resolved;

    /**
     * @param codecs   the codec beans
     * @param registry the registered models, resolved on first use (once the registry is sealed)
     */
    @Inject
    public FieldCodecs(@NonNull List<FieldCodec> codecs, @NonNull ModelRegistry registry) {
        this(codecs, registry::getModels);
    }

    /**
     * Codecs given as they are, for a store built outside a bean context.
     *
     * @param codecs the codecs
     * @param models the models they are resolved for, on first use
     */
    public FieldCodecs(@NonNull List<FieldCodec> codecs, @NonNull Supplier<Collection<ModelDescriptor>> models) {
        List<FieldCodec> sorted = new ArrayList<>(codecs);
        OrderUtil.sort(sorted);
        this.codecs = List.copyOf(sorted);
        this.models = models;
    }

    private void ensureResolved() {
        if (!resolved) {
            synchronized (this) {
                if (!resolved) {
                    models.get().forEach(this::resolve);
                    resolved = true;
                }
            }
        }
    }

    private void resolve(ModelDescriptor model) {
        List<FieldDescriptor> companions = new ArrayList<>();
        Map<String, FieldDescriptor> owners = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        model.getFields().forEach(f -> names.add(f.name()));
        for (FieldDescriptor field : model.getFields()) {
            for (FieldCodec codec : codecs) {
                if (codec.appliesTo(model, field)) {
                    byField.put(field, codec);
                    modelOf.put(field, model);
                    for (FieldDescriptor companion : codec.companions(field)) {
                        if (!names.add(companion.name())) {
                            throw new FxConfigurationException("Model " + model.getName() + ", field " + field.name()
                                + ": the companion column " + companion.name() + " of "
                                + codec.getClass().getName() + " clashes with another column");
                        }
                        companions.add(companion);
                        owners.put(companion.name(), field);
                    }
                    break;
                }
            }
        }
        companionsByModel.put(model, List.copyOf(companions));
        companionOwners.put(model, Map.copyOf(owners));
    }

    private FieldCodec owner(FieldDescriptor field) {
        if (codecs.isEmpty()) {
            return null;
        }
        ensureResolved();
        return byField.get(field);
    }

    /**
     * @param field  a field of a registered model
     * @param value  an API value, or null
     * @param caller who the storage call runs for
     * @return the value to store: the owning codec's encoding, or the value itself
     * @since 0.7.0
     */
    @Nullable
    public Object encode(@NonNull FieldDescriptor field, @Nullable Object value, @NonNull StorageContext caller) {
        FieldCodec codec = value == null ? null : owner(field);
        return codec == null ? value : codec.encode(context(field, caller), value);
    }

    /**
     * @param field  a field of a registered model
     * @param stored a stored value, or null
     * @param caller who the storage call runs for
     * @return the API value: the owning codec's decoding, or the value itself
     * @since 0.7.0
     */
    @Nullable
    public Object decode(@NonNull FieldDescriptor field, @Nullable Object stored, @NonNull StorageContext caller) {
        FieldCodec codec = stored == null ? null : owner(field);
        return codec == null ? stored : codec.decode(context(field, caller), stored);
    }

    private CodecContext context(FieldDescriptor field, StorageContext caller) {
        return new CodecContext(modelOf.get(field), field, caller);
    }

    /** @return whether no codec is registered, so every field is stored as it is */
    public boolean isEmpty() {
        return codecs.isEmpty();
    }

    /**
     * @param field a field of a registered model
     * @return the codec that owns it, if any
     */
    @NonNull
    public Optional<FieldCodec> forField(@NonNull FieldDescriptor field) {
        return Optional.ofNullable(owner(field));
    }

    /**
     * @param model a registered model
     * @return the companion columns of its fields, in field order
     */
    @NonNull
    public List<FieldDescriptor> companions(@NonNull ModelDescriptor model) {
        if (codecs.isEmpty()) {
            return List.of();
        }
        ensureResolved();
        return companionsByModel.getOrDefault(model, List.of());
    }

    /**
     * Adds the companion values of the fields present in a write to it.
     *
     * @param model  the model
     * @param values the values being written, by column name; changed in place
     * @param caller who the write runs for
     */
    public void addCompanionValues(@NonNull ModelDescriptor model, @NonNull Map<String, Object> values,
                                   @NonNull StorageContext caller) {
        if (codecs.isEmpty()) {
            return;
        }
        Map<String, Object> added = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            FieldDescriptor field = model.findField(entry.getKey()).orElse(null);
            FieldCodec codec = field == null ? null : owner(field);
            if (codec != null) {
                added.putAll(codec.companionValues(context(field, caller), entry.getValue()));
            }
        }
        values.putAll(added);
    }

    /**
     * Puts the filters of a list query into stored form: a clause on a field a codec owns is rewritten by
     * the codec (onto a companion column), or else its values are encoded as the column stores them.
     *
     * @param query  a parsed list query
     * @param caller who lists
     * @return the query to render; the same instance when no clause needs a change
     */
    @NonNull
    public ListQuery toStored(@NonNull ListQuery query, @NonNull StorageContext caller) {
        if (codecs.isEmpty()) {
            return query;
        }
        List<FilterClause> filters = new ArrayList<>(query.filters().size());
        boolean changed = false;
        for (FilterClause clause : query.filters()) {
            FieldCodec codec = owner(clause.field());
            FilterClause stored = codec == null ? clause : storedClause(codec, context(clause.field(), caller), clause);
            changed |= stored != clause;
            filters.add(stored);
        }
        return changed ? query.withFilters(filters) : query;
    }

    private static FilterClause storedClause(FieldCodec codec, CodecContext context, FilterClause clause) {
        FilterOperator op = clause.operator();
        if (op == FilterOperator.EQ || op == FilterOperator.NEQ || op == FilterOperator.IN || op == FilterOperator.NOT_IN) {
            Optional<FilterClause> rewritten = codec.rewriteFilter(context, clause);
            if (rewritten.isPresent()) {
                return rewritten.get();
            }
        }
        if (clause.values().isEmpty()) {
            return clause;
        }
        List<Object> encoded = clause.values().stream().map(v -> codec.encode(context, v)).toList();
        return new FilterClause(clause.group(), clause.field(), op, encoded, clause.relation());
    }

    /**
     * @param field a field
     * @return whether its codec (if any) lets clients filter on it
     */
    public boolean isFilterable(@NonNull FieldDescriptor field) {
        FieldCodec codec = owner(field);
        return codec == null || codec.filterable(field);
    }

    /**
     * @param field a field
     * @return why its codec refuses filters and sorts on it ({@link FieldCodec#queryRefusal}), if it says
     * @since 0.10.0
     */
    @NonNull
    public Optional<String> queryRefusal(@NonNull FieldDescriptor field) {
        FieldCodec codec = owner(field);
        return codec == null ? Optional.empty() : codec.queryRefusal(field);
    }

    /**
     * @param field a field or a companion column
     * @return whether a unique field's own column carries its unique constraint
     *     ({@link FieldCodec#uniqueOnStoredColumn}); true for fields no codec owns
     * @since 0.10.0
     */
    public boolean isUniqueOnStoredColumn(@NonNull FieldDescriptor field) {
        FieldCodec codec = owner(field);
        return codec == null || codec.uniqueOnStoredColumn(field);
    }

    /**
     * The field a companion column belongs to: a constraint violation on the companion (a duplicate blind index)
     * is reported as one on its field, never naming the companion.
     *
     * @param model  a registered model
     * @param column a column name
     * @return the field whose codec keeps that companion column, if it is one
     * @since 0.10.0
     */
    @NonNull
    public Optional<FieldDescriptor> companionOwner(@NonNull ModelDescriptor model, @NonNull String column) {
        if (codecs.isEmpty()) {
            return Optional.empty();
        }
        ensureResolved();
        return Optional.ofNullable(companionOwners.getOrDefault(model, Map.of()).get(column));
    }

    /**
     * @param field a field
     * @return whether its codec (if any) lets clients sort by it
     */
    public boolean isSortable(@NonNull FieldDescriptor field) {
        FieldCodec codec = owner(field);
        return codec == null || codec.sortable(field);
    }
}
