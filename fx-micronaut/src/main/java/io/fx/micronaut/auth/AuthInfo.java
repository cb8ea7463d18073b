package io.fx.micronaut.auth;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * The request principal, populated by Auth-step middleware.
 *
 * @param userId       the user id
 * @param roles        role names
 * @param claims       raw claims of the credential
 * @param tenantId     the tenant, or null
 * @param identityType what kind of caller this is
 * @param scopes       granted scopes
 * @param sessionId    the session id, or null
 * @param authMethod   how the caller authenticated: {@code jwt}, {@code api_key}, {@code session}, ...
 * @since 0.1.0
 */
public record AuthInfo(@NonNull String userId,
                       @NonNull List<String> roles,
                       @NonNull Map<String, Object> claims,
                       @Nullable String tenantId,
                       @NonNull IdentityType identityType,
                       @NonNull List<String> scopes,
                       @Nullable String sessionId,
                       @Nullable String authMethod) {

    /** Defensive copies; nulls become empty collections. */
    public AuthInfo {
        roles = roles == null ? List.of() : List.copyOf(roles);
        claims = claims == null ? Map.of() : Map.copyOf(claims);
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
        identityType = identityType == null ? IdentityType.HUMAN : identityType;
    }

    /**
     * @param userId the user id
     * @param roles  role names
     * @return a human principal with the given roles and nothing else
     */
    @NonNull
    public static AuthInfo of(@NonNull String userId, @NonNull String... roles) {
        return new AuthInfo(userId, List.of(roles), Map.of(), null, IdentityType.HUMAN, List.of(), null, null);
    }

    /**
     * @param role a role name
     * @return whether the principal holds it
     */
    public boolean hasRole(@NonNull String role) {
        return roles.contains(role);
    }

    /**
     * The principal of background work that runs on the application's own behalf: user id
     * {@code system}, identity type {@link IdentityType#SYSTEM}, no roles, no tenant. Scope resolvers
     * decide what it may see; nothing grants it more by default.
     *
     * @return the system principal
     * @since 0.3.0
     */
    @NonNull
    public static AuthInfo system() {
        return new AuthInfo("system", List.of(), Map.of(), null, IdentityType.SYSTEM, List.of(), null, "system");
    }
}
