package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * Who made an audited request and from where.
 *
 * @param actor       the principal's user id; null for anonymous callers and system work
 * @param roles       the principal's roles
 * @param tenantId    the principal's tenant, or null
 * @param sessionId   the principal's session, or null
 * @param authMethod  how the principal authenticated ({@code jwt}, {@code api_key}, ...), or null
 * @param requestId   the request id
 * @param traceId     the 32-hex trace id of a valid W3C {@code traceparent} header, or null
 * @param serviceName {@code fx.service-name}, or null
 * @param ipAddress   the client's address as {@code RequestContext.getClientAddress()} finds it, or null
 * @param userAgent   the {@code User-Agent} header, or null
 * @since 0.8.0
 */
public record AuditCaller(@Nullable String actor, @NonNull List<String> roles, @Nullable String tenantId,
                          @Nullable String sessionId, @Nullable String authMethod, @NonNull String requestId,
                          @Nullable String traceId, @Nullable String serviceName, @Nullable String ipAddress,
                          @Nullable String userAgent) {

    /** Defensive copy of the roles; null becomes empty. */
    public AuditCaller {
        roles = roles == null ? List.of() : List.copyOf(roles);
    }
}
