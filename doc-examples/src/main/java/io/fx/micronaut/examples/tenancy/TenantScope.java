package io.fx.micronaut.examples.tenancy;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * The README's tenant scope: every model with a {@code tenant_id} column is confined to the caller's
 * tenant, taken from the {@code X-Tenant-Id} header of a request (a real application takes it from
 * the authenticated principal) or from the principal of background work. No tenant sees nothing.
 * Active in the {@code tenancy} environment.
 *
 * @since 0.3.0
 */
@Requires(env = "tenancy")
// tag::tenant-scope[]
@Singleton
public class TenantScope implements ScopeResolver {

    @Override
    public boolean appliesTo(ModelDescriptor model) {
        return model.findField("tenant_id").isPresent();
    }

    @Override
    public RecordScope resolve(ModelDescriptor model, StorageContext context) {
        String tenant = context.getRequest()
            .map(request -> request.getHeaders().get("X-Tenant-Id"))
            .orElseGet(() -> context.getPrincipal().map(AuthInfo::tenantId).orElse(null));
        return RecordScope.of(model).eq("tenantId", tenant).build();
    }
}
// end::tenant-scope[]
