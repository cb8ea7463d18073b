package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.events.audit.AuditCaller;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Reads who made a request and from where, on the request's thread: the principal (no actor for anonymous callers
 * and system work), the request id, the trace id of a valid W3C {@code traceparent}, the service name, the client
 * address core's resolver found (forwarding headers count only from {@code fx.client-ip.trusted-proxies}) and the
 * {@code User-Agent}.
 */
@Internal
@Singleton
final class AuditCallers {

    private final String serviceName;

    AuditCallers(FxConfiguration fx) {
        this.serviceName = fx.getServiceName().orElse(null);
    }

    AuditCaller of(RequestContext context) {
        AuthInfo principal = context.getPrincipal().orElse(null);
        String actor = principal == null || principal.identityType() == IdentityType.ANONYMOUS
            || principal.identityType() == IdentityType.SYSTEM ? null : principal.userId();
        HttpRequest<?> request = context.getRequest().orElse(null);
        String traceparent = request == null ? null : request.getHeaders().get("traceparent");
        String userAgent = request == null ? null : request.getHeaders().get(HttpHeaders.USER_AGENT);
        return new AuditCaller(actor, principal == null ? List.of() : principal.roles(),
            principal == null ? null : principal.tenantId(), principal == null ? null : principal.sessionId(),
            principal == null ? null : principal.authMethod(), context.getRequestId(), traceId(traceparent),
            serviceName, context.getClientAddress().orElse(null), userAgent);
    }

    /**
     * @param traceparent a {@code traceparent} header, or null
     * @return its trace id when it is a valid W3C trace context (version {@code 00}-{@code fe}, lower-case hex,
     *     non-zero trace and parent ids); null otherwise
     */
    @Nullable
    static String traceId(@Nullable String traceparent) {
        if (traceparent == null || traceparent.length() != 55 || traceparent.startsWith("ff")
            || traceparent.charAt(2) != '-' || traceparent.charAt(35) != '-' || traceparent.charAt(52) != '-') {
            return null;
        }
        String version = traceparent.substring(0, 2);
        String trace = traceparent.substring(3, 35);
        String parent = traceparent.substring(36, 52);
        String flags = traceparent.substring(53);
        if (!hex(version) || !hex(trace) || !hex(parent) || !hex(flags) || zero(trace) || zero(parent)) {
            return null;
        }
        return trace;
    }

    private static boolean hex(String value) {
        return value.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
    }

    private static boolean zero(String value) {
        return value.chars().allMatch(c -> c == '0');
    }
}
