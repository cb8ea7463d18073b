package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.auth.AuthInfo;

import java.util.LinkedHashMap;
import java.util.Map;

/** {@code GET /api/whoami}: the principal as the Auth step left it, for the security tests. */
public final class WhoAmI {

    private WhoAmI() {
    }

    public static Action action(ActionAccess access) {
        return Action.get("/whoami", context -> {
            Map<String, Object> out = new LinkedHashMap<>();
            AuthInfo p = context.getPrincipal().orElse(null);
            out.put("anonymous", p == null);
            if (p != null) {
                out.put("user_id", p.userId());
                out.put("roles", p.roles());
                out.put("scopes", p.scopes());
                out.put("tenant_id", p.tenantId());
                out.put("session_id", p.sessionId());
                out.put("auth_method", p.authMethod());
                out.put("identity_type", p.identityType().name());
            }
            return Map.of("data", out);
        }).access(access);
    }
}
