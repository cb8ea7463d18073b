package io.fx.micronaut.security.rules;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.security.rules.FxSecurity;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tenancy of {@code fx.security.models.<Model>.tenant}, with the principal's tenant id; the tenant column
 * partitions the model's unique constraints.
 */
@Internal
@Singleton
public final class ConfiguredTenancy implements ScopeResolver {

    private final Map<String, ScopeResolver> byModel;

    ConfiguredTenancy(ConfiguredRules rules) {
        Map<String, ScopeResolver> resolvers = new HashMap<>();
        rules.models().values().stream().filter(r -> r.tenant() != null)
            .forEach(r -> resolvers.put(r.model(), FxSecurity.tenancy(r.tenant(), r.model())));
        this.byModel = Map.copyOf(resolvers);
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        ScopeResolver resolver = byModel.get(model.getName());
        return resolver != null && resolver.appliesTo(model);
    }

    @Override
    @NonNull
    public RecordScope resolve(@NonNull ModelDescriptor model, @NonNull StorageContext context) {
        return byModel.get(model.getName()).resolve(model, context);
    }

    @Override
    @NonNull
    public List<String> uniqueWithin(@NonNull ModelDescriptor model) {
        ScopeResolver resolver = byModel.get(model.getName());
        return resolver == null ? List.of() : resolver.uniqueWithin(model);
    }
}
