package io.fx.micronaut.examples.blog;

import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The blog's security in code: tenancy on authors with {@code BLOG_TENANCY=true}, the token hook that
 * refuses suspended accounts and adds the role {@code member}, and {@code GET /api/me}. The rules
 * themselves are configuration ({@code application-jwt.yml}); the API key is set by
 * {@link BlogApplication#configure}.
 *
 * @since 0.4.0
 */
@Factory
public class BlogSecurity {

    // tag::tenancy[]
    /** {@code BLOG_TENANCY=true}: authors are confined to the tenant of the caller's token. */
    @Singleton
    @Requires(property = "blog.tenancy", value = "true")
    ScopeResolver authorTenancy() {
        return FxSecurity.tenancy("tenantId", "Author");
    }
    // end::tenancy[]

    // tag::token-hook[]
    /** Refuses tokens of suspended accounts and makes every signed-in user a {@code member}. */
    @Singleton
    TokenHook suspendedAccounts() {
        return (context, claims, principal) -> {
            if (Boolean.TRUE.equals(claims.get("suspended"))) {
                throw new TokenRejectedException("account suspended");
            }
            List<String> roles = new ArrayList<>(principal.roles());
            roles.add("member");
            return new AuthInfo(principal.userId(), roles, principal.claims(), principal.tenantId(),
                principal.identityType(), principal.scopes(), principal.sessionId(), principal.authMethod());
        };
    }
    // end::token-hook[]

    // tag::me[]
    /** {@code GET /api/me}: who the caller is. */
    @Singleton
    Action me() {
        return Action.get("/me", context -> {
                AuthInfo me = context.getPrincipal()
                    .orElseThrow(() -> SecurityErrorCodes.UNAUTHORIZED.exception("authentication required"));
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("user_id", me.userId());
                data.put("roles", me.roles());
                data.put("scopes", me.scopes());
                data.put("tenant_id", me.tenantId());
                data.put("session_id", me.sessionId());
                data.put("auth_method", me.authMethod());
                data.put("identity_type", me.identityType().name().toLowerCase(Locale.ROOT));
                return Map.of("data", data);
            })
            .access(ActionAccess.PROTECTED)
            .openApi(ActionOpenApi.NONE.summary("The signed-in caller")
                .responseSchema(Map.of("type", "object")));
    }
    // end::me[]
}
