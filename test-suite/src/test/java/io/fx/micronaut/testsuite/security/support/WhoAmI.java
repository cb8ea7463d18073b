package io.fx.micronaut.testsuite.security.support;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.ActionAccess;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code GET /api/whoami}: the principal as the Auth step left it, for the security tests. A test's application
 * declares it by setting {@value #PROPERTY} to {@code protected} or {@code public}, its {@link ActionAccess}
 * ({@link SecurityConfig#whoAmI}).
 */
@Factory
@Requires(property = WhoAmI.PROPERTY)
public class WhoAmI {

    /** The property that declares the action, naming its access. */
    public static final String PROPERTY = "spec.whoami";

    @Singleton
    Action whoami(@Property(name = PROPERTY) String access) {
        return action(ActionAccess.valueOf(access.toUpperCase(Locale.ROOT)));
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
