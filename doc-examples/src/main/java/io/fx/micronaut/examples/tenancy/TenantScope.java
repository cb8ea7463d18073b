package io.fx.micronaut.examples.tenancy;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.security.Authenticator;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Optional;

/**
 * The README's tenant scope: every model with a {@code tenant_id} column is confined to the caller's
 * tenant. Whenever there is a principal (a signed-in caller, background work) its tenant decides, and a
 * principal without one sees nothing. The {@code X-Tenant-Id} header is honoured only while security is
 * off (no authenticator configured), for trying the example out; with security on, a caller without a
 * principal has no tenant and sees nothing, whatever header it sends. Active in the {@code tenancy}
 * environment.
 *
 * @since 0.3.0
 */
@Requires(env = "tenancy")
// tag::tenant-scope[]
@Singleton
public class TenantScope implements ScopeResolver {

    private final boolean secured;

    /** @param authenticators the security module's authenticators; with none, security is off */
    public TenantScope(List<Authenticator> authenticators) {
        this.secured = !authenticators.isEmpty();
    }

    @Override
    public boolean appliesTo(ModelDescriptor model) {
        return model.findField("tenant_id").isPresent();
    }

    @Override
    public RecordScope resolve(ModelDescriptor model, StorageContext context) {
        Optional<AuthInfo> principal = context.getPrincipal();
        String tenant = principal.isPresent() ? principal.get().tenantId()    // the token's tenant, always
            : secured ? null                                                   // anonymous: no tenant's rows
            : context.getRequest().map(request -> request.getHeaders().get("X-Tenant-Id")).orElse(null);
        return RecordScope.of(model).eq("tenantId", tenant).build();
    }

    @Override
    public List<String> uniqueWithin(ModelDescriptor model) {
        return List.of("tenant_id");    // unique values per tenant: no 409 tells one tenant what another holds
    }
}
// end::tenant-scope[]
