package io.fx.micronaut.security.csrf;

import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.production.AccessGuard;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The CSRF check on the Auth step, right after the authenticators. On POST, PUT, PATCH and DELETE, in order
 * (every refusal 403): a caller authenticated by a header credential ({@code jwt}, {@code api_key}) passes
 * unless {@code enforce-bearer}; with allowed origins, the {@code Origin} (else the {@code Referer}'s origin)
 * must be one of them ({@code CSRF_ORIGIN_REJECTED}); exempt paths stop here; the header must be present
 * ({@code CSRF_TOKEN_MISSING}); double submit needs its cookie ({@code CSRF_COOKIE_MISSING}) holding a token
 * bound to the caller's session ({@code CSRF_TOKEN_MISMATCH}), signed a session id ({@code CSRF_NO_SESSION}); the
 * header must equal the expected token in constant time ({@code CSRF_TOKEN_MISMATCH}). A request carrying the
 * double-submit cookie twice is 400 {@code MALFORMED_REQUEST}. GET, HEAD and OPTIONS in double-submit mode set
 * the cookie when the request lacks one bound to the caller's session (not for header-credential callers, who
 * are exempt). It protects no operation
 * against unauthenticated callers, so for production validation it is {@link Access#NEUTRAL neutral}.
 */
@Internal
@Singleton
public final class CsrfMiddleware implements Middleware, AccessGuard {

    private final CsrfSettings settings;
    private final CsrfTokens tokens;

    CsrfMiddleware(CsrfSettings settings, CsrfTokens tokens) {
        this.settings = settings;
        this.tokens = tokens;
    }

    /** @return whether the mode is on, so the middleware is registered */
    public boolean isEnabled() {
        return settings.mode() != CsrfMode.OFF;
    }

    /** @return the request header carrying the token */
    @NonNull
    public String headerName() {
        return settings.headerName();
    }

    /** @return the configured mode */
    @NonNull
    public CsrfMode mode() {
        return settings.mode();
    }

    @Override
    @NonNull
    public Access access(@NonNull Operation operation) {
        return Access.NEUTRAL;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        HttpRequest<?> request = context.getRequest().orElse(null);
        if (request != null) {
            HttpMethod method = request.getMethod();
            if (method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH
                || method == HttpMethod.DELETE) {
                check(context, request);
            } else if (settings.mode() == CsrfMode.DOUBLE_SUBMIT && !exempt(context)
                && (method == HttpMethod.GET || method == HttpMethod.HEAD || method == HttpMethod.OPTIONS)) {
                String session = CsrfTokens.sessionOf(context);
                if (tokens.requestCookie(context).filter(held -> tokens.bound(held, session)).isEmpty()) {
                    tokens.issueCookie(context, session);
                }
            }
        }
        next.next();
    }

    private void check(RequestContext context, HttpRequest<?> request) {
        if (exempt(context)) {
            return;
        }
        if (!settings.origins().isEmpty() && !settings.origins().admits(origin(request))) {
            throw SecurityErrorCodes.CSRF_ORIGIN_REJECTED.exception("request origin is not allowed");
        }
        if (exemptPath(context, request)) {
            return;
        }
        String header = request.getHeaders().get(settings.headerName());
        if (header == null || header.isBlank()) {
            throw SecurityErrorCodes.CSRF_TOKEN_MISSING.exception("the " + settings.headerName() + " header is missing");
        }
        String expected = expected(context);
        if (!MessageDigest.isEqual(header.strip().getBytes(StandardCharsets.UTF_8),
                expected.getBytes(StandardCharsets.UTF_8))) {
            throw mismatch();
        }
    }

    private static FxException mismatch() {
        return SecurityErrorCodes.CSRF_TOKEN_MISMATCH.exception("the CSRF token does not match");
    }

    private String expected(RequestContext context) {
        if (settings.mode() == CsrfMode.SIGNED) {
            String session = context.getPrincipal().map(AuthInfo::sessionId).orElse(null);
            if (session == null || session.isBlank()) {
                throw SecurityErrorCodes.CSRF_NO_SESSION.exception("the CSRF token needs a session");
            }
            return tokens.signed(session);
        }
        String cookie = tokens.requestCookie(context).orElse(null);
        if (cookie == null || cookie.isBlank()) {
            throw SecurityErrorCodes.CSRF_COOKIE_MISSING.exception("the " + settings.cookieName() + " cookie is missing");
        }
        if (!tokens.bound(cookie, CsrfTokens.sessionOf(context))) {
            throw mismatch();
        }
        return cookie;
    }

    /** @return whether the caller authenticated by a header credential and such callers are not checked */
    private boolean exempt(RequestContext context) {
        if (settings.enforceBearer()) {
            return false;
        }
        String method = context.getPrincipal().map(AuthInfo::authMethod).orElse(null);
        return "jwt".equals(method) || "api_key".equals(method);
    }

    private boolean exemptPath(RequestContext context, HttpRequest<?> request) {
        if (settings.exemptPaths().isEmpty()) {
            return false;
        }
        String declared = context.findAction().map(ActionDescriptor::path).orElse(null);
        if (declared != null && settings.exemptPaths().contains(CsrfSettings.trim(declared))) {
            return true;
        }
        String path = request.getPath();
        String prefix = settings.prefix();
        return path.startsWith(prefix + "/")
            && settings.exemptPaths().contains(CsrfSettings.trim(path.substring(prefix.length())));
    }

    private static String origin(HttpRequest<?> request) {
        String origin = request.getHeaders().get("Origin");
        if (origin != null) {
            return origin.strip();
        }
        String referer = request.getHeaders().get("Referer");
        return referer == null ? null : AllowedOrigins.originOf(referer);
    }
}
