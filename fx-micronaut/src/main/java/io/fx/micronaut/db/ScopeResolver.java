package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;

import java.util.List;
import java.util.Set;

/**
 * Says which rows of a model a caller may see and touch. Register implementations as beans (ordered
 * by {@link Ordered}); the store ANDs the scopes of every resolver that {@link #appliesTo applies} to
 * a model into every statement it runs on that model's table, whether the call comes from a generated
 * route, an include, a nested filter, a referential action or a model accessor.
 *
 * <p>Reading and writing may differ (public read, owner write): {@link #resolve} gives the rows a caller
 * may read, {@link #resolveWrite} (by default the same) the rows it may change. The write scope holds for
 * every row a write changes or stamps: a create, an update or delete by id (and the read of its pre-image
 * and row lock), and each child a {@code cascade} or {@code setNull} edge would change; a parent delete
 * whose referential action would change a child outside the caller's write scope is refused with 409
 * {@code CONFLICT} naming the relation, and nothing is changed.</p>
 *
 * <p>A resolver that partitions a model's rows, such as tenancy, says so through {@link #uniqueWithin}: the
 * model's {@code unique} fields and unique indexes then hold within each partition (a unique index led by
 * the partitioning columns), so a create or update never learns from a 409 that a value is taken in a
 * partition the caller cannot see.</p>
 *
 * <p>A resolver that throws an {@link io.fx.micronaut.exception.FxException} answers with its status
 * and code; any other exception is 500 {@code PANIC}, and nothing is written.</p>
 *
 * <pre>{@code
 * @Singleton
 * class TenantScope implements ScopeResolver {
 *     public boolean appliesTo(ModelDescriptor model) {
 *         return model.findField("tenant_id").isPresent();
 *     }
 *     public RecordScope resolve(ModelDescriptor model, StorageContext context) {
 *         return RecordScope.of(model).eq("tenant_id", context.getPrincipal().map(AuthInfo::tenantId).orElse(null)).build();
 *     }
 * }
 * }</pre>
 *
 * @since 0.3.0
 */
public interface ScopeResolver extends Ordered {

    /**
     * Decided once per model at startup.
     *
     * @param model a registered model
     * @return whether this resolver restricts it
     */
    default boolean appliesTo(@NonNull ModelDescriptor model) {
        return true;
    }

    /**
     * @param model   a model this resolver applies to
     * @param context who the call runs for
     * @return the rows the caller may see and touch; {@link RecordScope#unrestricted()} for all
     */
    @NonNull
    RecordScope resolve(@NonNull ModelDescriptor model, @NonNull StorageContext context);

    /**
     * @param model     a model this resolver applies to
     * @param context   who the call runs for
     * @param operation what the write does to the rows
     * @return the rows the caller may write so; by default those it may read
     * @since 0.7.0
     */
    @NonNull
    default RecordScope resolveWrite(@NonNull ModelDescriptor model, @NonNull StorageContext context,
                                     @NonNull WriteOperation operation) {
        return resolve(model, context);
    }

    /**
     * The columns that partition the model's rows for this resolver, within which its unique constraints
     * hold: tenancy returns its tenant column. Auto-migration builds each unique field and unique index of
     * the model over these columns followed by its own (the columns every resolver that applies names,
     * in resolver order), and converts an existing unique key over the field alone, logged at INFO. A
     * scope that only narrows what a caller sees (a published flag) returns none. Decided once per model
     * at startup; a column the model lacks fails startup.
     *
     * @param model a model this resolver applies to
     * @return column (snake_case field) names; empty, the default, when uniqueness is global
     * @since 0.7.0
     */
    @NonNull
    default List<String> uniqueWithin(@NonNull ModelDescriptor model) {
        return List.of();
    }

    /**
     * Limits a resolver to the named models, for registering one resolver per model.
     *
     * @param resolver a resolver
     * @param models   model names
     * @return a resolver that applies to those models only (and where {@code resolver} applies)
     */
    @NonNull
    static ScopeResolver forModels(@NonNull ScopeResolver resolver, @NonNull String... models) {
        Set<String> names = Set.of(models);
        return new ScopeResolver() {
            @Override
            public boolean appliesTo(@NonNull ModelDescriptor model) {
                return names.contains(model.getName()) && resolver.appliesTo(model);
            }

            @Override
            @NonNull
            public RecordScope resolve(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
                return resolver.resolve(model, context);
            }

            @Override
            @NonNull
            public RecordScope resolveWrite(@NonNull ModelDescriptor model, @NonNull StorageContext context,
                                            @NonNull WriteOperation operation) {
                return resolver.resolveWrite(model, context, operation);
            }

            @Override
            @NonNull
            public List<String> uniqueWithin(@NonNull ModelDescriptor model) {
                return resolver.uniqueWithin(model);
            }

            @Override
            public int getOrder() {
                return resolver.getOrder();
            }
        };
    }
}
