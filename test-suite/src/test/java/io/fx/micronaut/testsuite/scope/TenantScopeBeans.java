package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A tenant scope for the scope tests, written against public API only: the tenant comes from the
 * {@code X-Tenant} header of a request ({@code *} sees everything, for seeding cross-tenant rows) or
 * from the principal of background work; no tenant sees nothing. {@code X-Scope-Fail} makes the
 * resolver throw ({@code fx}: an FxException, anything else: an IllegalStateException).
 */
final class TenantScopeBeans {

    static final String SPEC = "TenantScopeTest";

    private TenantScopeBeans() {
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class TenantScope implements ScopeResolver {

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return model.findField("tenant_id").isPresent();
        }

        @Override
        public RecordScope resolve(ModelDescriptor model, StorageContext context) {
            Optional<HttpRequest<?>> request = context.getRequest();
            String tenant;
            if (request.isPresent()) {
                String fail = request.get().getHeaders().get("X-Scope-Fail");
                if (fail != null) {
                    if (fail.equals("fx")) {
                        throw new FxException(403, "TENANT_REFUSED", "tenant refused");
                    }
                    throw new IllegalStateException("resolver broke: secret detail");
                }
                tenant = request.get().getHeaders().get("X-Tenant");
            } else {
                AuthInfo principal = context.getPrincipal().orElse(null);
                if (principal != null && principal.identityType() == IdentityType.SYSTEM) {
                    return RecordScope.unrestricted();
                }
                tenant = principal == null ? null : principal.tenantId();
            }
            if ("*".equals(tenant)) {
                return RecordScope.unrestricted();
            }
            return RecordScope.of(model).eq("tenantId", tenant).build();
        }
    }

    /** Actions that use the request's accessors. */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Actions {

        /** Lists shops through the accessors of the request. */
        @Singleton
        Action shops() {
            return Action.get("/scoped/shops", context -> {
                Page page = context.getModels().of("Shop").list("sort=name");
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("total", page.total());
                body.put("names", page.rows().stream().map(r -> r.get("name")).toList());
                return body;
            }).access(ActionAccess.PUBLIC);
        }

        /** Locks a shop in a transaction through the accessors and says whether it was found. */
        @Singleton
        Action lock() {
            return Action.post("/scoped/shops/{id}/lock", context -> context.transaction().run(() -> Map.of("found",
                context.getModels().of(Shop.class).lockForUpdate(context.view().getPathParameter("id").orElseThrow())
                    .isPresent()))).access(ActionAccess.PUBLIC);
        }

        /** Reads and renames a shop through the accessors. */
        @Singleton
        Action rename() {
            return Action.post("/scoped/shops/{id}/rename", context -> {
                String id = context.view().getPathParameter("id").orElseThrow();
                var shops = context.getModels().of("Shop");
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("read", shops.read(id).isPresent());
                body.put("updated", shops.update(id, Map.of("name", "renamed")).isPresent());
                return body;
            }).access(ActionAccess.PUBLIC);
        }
    }
}
