package io.fx.micronaut.security.jwt;

import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Builds the principal from verified claims: user id, roles, scopes, tenant, session ({@code sid} else {@code jti}). */
final class JwtPrincipals {

    private final JwtConfiguration configuration;

    JwtPrincipals(JwtConfiguration configuration) {
        this.configuration = configuration;
    }

    AuthInfo principal(JWTClaimsSet claims, Map<String, Object> json, String authMethod) {
        String tenant = configuration.getTenantClaim().map(claims::getClaim).map(Object::toString).orElse(null);
        Object session = claims.getClaim("sid");
        if (session == null) {
            session = claims.getJWTID();
        }
        return new AuthInfo(claims.getClaim(configuration.getUserIdClaim()).toString(),
            names(claims.getClaim(configuration.getRolesClaim())), json, tenant, IdentityType.HUMAN,
            names(claims.getClaim(configuration.getScopesClaim())), session == null ? null : session.toString(), authMethod);
    }

    /** An array claim or a space-delimited string claim. */
    static List<String> names(Object claim) {
        List<String> names = new ArrayList<>();
        if (claim instanceof Collection<?> values) {
            for (Object value : values) {
                if (value != null && !value.toString().isBlank()) {
                    names.add(value.toString());
                }
            }
        } else if (claim != null) {
            for (String part : claim.toString().split("\\s+")) {
                if (!part.isEmpty()) {
                    names.add(part);
                }
            }
        }
        return names;
    }
}
