package io.fx.micronaut.security.rules;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code forceFilter} and {@code tenancy}: the rows whose field holds the value the function gives for
 * the caller. The system principal of background work is unrestricted. Without a value nothing
 * matches; with {@code tenancy}, a request on the model's own routes is refused with 403 instead, and the
 * field partitions the model's unique constraints ({@link #uniqueWithin}): they hold per tenant.
 */
final class FieldScope implements ScopeResolver {

    private final String field;
    private final Function<StorageContext, ?> value;
    private final Set<String> models;
    private final boolean tenancy;

    FieldScope(String field, Function<StorageContext, ?> value, Set<String> models, boolean tenancy) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("a field scope needs the field");
        }
        this.field = field;
        this.value = value;
        this.models = Set.copyOf(models);
        this.tenancy = tenancy;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        boolean hasField = model.getFields().stream().anyMatch(f -> f.name().equals(field) || field.equals(f.property()));
        if (models.isEmpty()) {
            return hasField;
        }
        if (models.contains(model.getName()) && !hasField) {
            throw new FxConfigurationException("The scope on field '" + field + "' names model " + model.getName()
                + ", which has no such field");
        }
        return models.contains(model.getName());
    }

    @Override
    @NonNull
    public RecordScope resolve(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
        AuthInfo principal = context.getPrincipal().orElse(null);
        if (principal != null && principal.identityType() == IdentityType.SYSTEM) {
            return RecordScope.unrestricted();
        }
        Object allowed = value.apply(context);
        if (allowed == null || allowed instanceof String s && s.isEmpty()) {
            if (tenancy && context instanceof RequestContext request
                && request.findModel().filter(m -> m.getName().equals(model.getName())).isPresent()) {
                throw ErrorCode.FORBIDDEN.exception("no tenant");
            }
            return RecordScope.nothing();
        }
        if (allowed instanceof Collection<?> values) {
            return RecordScope.of(model).in(field, values).build();
        }
        return RecordScope.of(model).eq(field, allowed).build();
    }

    /** Tenancy: the tenant column, so each tenant's values are unique among its own rows only. */
    @Override
    @NonNull
    public List<String> uniqueWithin(@NonNull ModelDescriptor model) {
        if (!tenancy) {
            return List.of();
        }
        return model.getFields().stream().filter(f -> f.name().equals(field) || field.equals(f.property()))
            .map(FieldDescriptor::name).findFirst().map(List::of).orElse(List.of());
    }
}
