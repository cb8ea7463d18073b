package io.fx.micronaut.testsuite.tenantunique;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.security.rules.FxSecurity;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Tenant-scoped models with unique constraints, registered only for the tenant-unique tests: a member
 * (tenancy in code) with a unique e-mail and a unique (code, region) index, and an alias (soft delete,
 * tenancy in configuration) with a unique handle.
 */
final class TenantUniqueModels {

    /** The composite unique index of {@link Member}. */
    static final String CODE_REGION_INDEX = "uidx_members_code_region";

    private TenantUniqueModels() {
    }

    /** A tenant's member: unique e-mail, unique (code, region). */
    @Introspected
    public static class Member extends BaseModel {
        @Fx("readonly, filterable")
        private String tenantId;
        @Fx("unique, filterable")
        private String email;
        @Fx("filterable")
        private String code;
        @Fx("filterable")
        private String region;

        public String getTenantId() { return tenantId; }
        public void setTenantId(String tenantId) { this.tenantId = tenantId; }
        public String getEmail() { return email; }
        public void setEmail(String email) { this.email = email; }
        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
        public String getRegion() { return region; }
        public void setRegion(String region) { this.region = region; }
    }

    /** A tenant's alias: soft-deletes, unique handle among live rows. */
    @Introspected
    public static class Alias extends BaseModel {
        @Fx("readonly, filterable")
        private String tenantId;
        @Fx("unique, filterable")
        private String handle;

        public String getTenantId() { return tenantId; }
        public void setTenantId(String tenantId) { this.tenantId = tenantId; }
        public String getHandle() { return handle; }
        public void setHandle(String handle) { this.handle = handle; }
    }

    @Singleton
    @Requires(property = "spec.name", pattern = "TenantUnique.*")
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(
                Member.class, ModelOptions.defaults()
                    .index(new IndexDescriptor(CODE_REGION_INDEX, List.of("code", "region"), true)),
                Alias.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP));
        }
    }

    /**
     * Members are confined to the principal's tenant in code (unless {@code tenant-unique.tenancy=false}, as an
     * application before it added tenancy); aliases by {@code fx.security.models.Alias.tenant}.
     */
    @Factory
    @Requires(property = "spec.name", pattern = "TenantUnique.*")
    @Requires(property = "tenant-unique.tenancy", notEquals = "false")
    static class Tenancy {
        @Singleton
        ScopeResolver memberTenancy() {
            return FxSecurity.tenancy("tenantId", "Member");
        }
    }
}
