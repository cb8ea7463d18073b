package io.fx.micronaut.testsuite.security.owner;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.rules.FxSecurity;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * The rules of the owner-rule tests: {@code requireOwner("ownerId", "admin")} on the three owned models (not on
 * Binder), an action that writes a sheet through the model accessors, and (in the tenancy variant) tenancy on
 * every model.
 */
final class OwnerRuleBeans {

    static final String SPEC = "OwnerCascade";
    static final String TENANCY = "owner-cascade.tenancy";

    private OwnerRuleBeans() {
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Rules {

        @Singleton
        PipelineConfigurer ownerRules() {
            return registry -> registry.use(Step.AUTH, FxSecurity.requireOwner("ownerId", "admin"),
                MiddlewareOptions.after().models("Sheet", "Clip", "Gusset"));
        }

        /** {@code POST /api/sheet-labels/{id}}: renames a sheet through the accessors, as the caller. */
        @Singleton
        Action relabel() {
            return Action.post("/sheet-labels/{id}", context -> context.getModels().of("Sheet")
                .update(context.view().getPathParameter("id").orElseThrow(), Map.of("label", "relabelled"))
                .orElseThrow(() -> ErrorCode.NOT_FOUND.exception("Sheet not found")));
        }

        @Singleton
        @Requires(property = TENANCY, value = "true")
        ScopeResolver tenancy() {
            return FxSecurity.tenancy("tenantId");
        }
    }
}
