package io.fx.micronaut.security;

import io.fx.micronaut.exception.ErrorCode;

import java.util.List;

/**
 * The error codes only the security module answers with (the core's {@link ErrorCode} holds the shared
 * ones, such as {@code FORBIDDEN}). The module publishes them to the API document through its
 * {@link io.fx.micronaut.exception.ErrorCatalog}; their strings on the wire are those of earlier
 * versions, where they were constants of the core's {@code ErrorCode}.
 *
 * @since 0.7.0
 */
public final class SecurityErrorCodes {

    /**
     * No credential was presented where one is required, the {@code Authorization} header uses another
     * scheme than {@code Bearer} or carries no token, or an API key is unknown.
     *
     * @since 0.4.0
     */
    public static final ErrorCode UNAUTHORIZED = ErrorCode.of("UNAUTHORIZED", 401);

    /**
     * A bearer token is malformed, uses a refused algorithm, has a bad signature, an unknown key id, no
     * subject, the wrong issuer or audience, or was refused by a token hook.
     *
     * @since 0.4.0
     */
    public static final ErrorCode INVALID_TOKEN = ErrorCode.of("INVALID_TOKEN", 401);

    /**
     * A bearer token carries no {@code exp} claim.
     *
     * @since 0.4.0
     */
    public static final ErrorCode TOKEN_MISSING_EXPIRY = ErrorCode.of("TOKEN_MISSING_EXPIRY", 401);

    /**
     * A bearer token's {@code exp} has passed (beyond the clock skew).
     *
     * @since 0.4.0
     */
    public static final ErrorCode TOKEN_EXPIRED = ErrorCode.of("TOKEN_EXPIRED", 401);

    /**
     * A bearer token's {@code nbf} lies ahead (beyond the clock skew).
     *
     * @since 0.4.0
     */
    public static final ErrorCode TOKEN_NOT_YET_VALID = ErrorCode.of("TOKEN_NOT_YET_VALID", 401);

    /**
     * A bearer token's {@code iat} lies ahead (beyond the clock skew).
     *
     * @since 0.4.0
     */
    public static final ErrorCode TOKEN_FUTURE_ISSUED = ErrorCode.of("TOKEN_FUTURE_ISSUED", 401);

    /**
     * Revocation is on and a bearer token carries no {@code jti}, or a request without a token asked to
     * revoke its token (logout with an API key).
     *
     * @since 0.5.0
     */
    public static final ErrorCode TOKEN_NOT_REVOCABLE = ErrorCode.of("TOKEN_NOT_REVOCABLE", 401);

    /**
     * A bearer token was revoked, or issued before its user's cutoff (logout-all).
     *
     * @since 0.5.0
     */
    public static final ErrorCode TOKEN_REVOKED = ErrorCode.of("TOKEN_REVOKED", 401);

    /**
     * CSRF protection: the request's {@code Origin} (or {@code Referer}) is missing or not allowed.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CSRF_ORIGIN_REJECTED = ErrorCode.of("CSRF_ORIGIN_REJECTED", 403);

    /**
     * CSRF protection: the CSRF header is missing.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CSRF_TOKEN_MISSING = ErrorCode.of("CSRF_TOKEN_MISSING", 403);

    /**
     * CSRF protection (double submit): the CSRF cookie is missing.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CSRF_COOKIE_MISSING = ErrorCode.of("CSRF_COOKIE_MISSING", 403);

    /**
     * CSRF protection (signed tokens): the caller has no session id to sign.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CSRF_NO_SESSION = ErrorCode.of("CSRF_NO_SESSION", 403);

    /**
     * CSRF protection: the CSRF header does not match the cookie or the signed token.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CSRF_TOKEN_MISMATCH = ErrorCode.of("CSRF_TOKEN_MISMATCH", 403);

    /**
     * An access policy failed with an exception instead of deciding.
     *
     * @since 0.4.0
     */
    public static final ErrorCode POLICY_ERROR = ErrorCode.of("POLICY_ERROR", 500);

    /**
     * The key set that verifies bearer tokens has never been fetched successfully.
     *
     * @since 0.4.0
     */
    public static final ErrorCode JWKS_UNAVAILABLE = ErrorCode.of("JWKS_UNAVAILABLE", 503);

    /**
     * Revocation is on and the revocation store could not be consulted in time; the request is refused
     * (fail closed).
     *
     * @since 0.5.0
     */
    public static final ErrorCode REVOCATION_UNAVAILABLE = ErrorCode.of("REVOCATION_UNAVAILABLE", 503);

    /**
     * Too many failed logins for the account or from the client address ({@code LoginAttempts}); the answer
     * carries {@code Retry-After}, and is the same whether the account exists or not.
     */
    public static final ErrorCode TOO_MANY_REQUESTS = ErrorCode.of("TOO_MANY_REQUESTS", 429);

    /** The failed logins cannot be counted (their store is down or slow), so no login is attempted. */
    public static final ErrorCode LOGIN_ATTEMPTS_UNAVAILABLE = ErrorCode.of("LOGIN_ATTEMPTS_UNAVAILABLE", 503);

    /** Every code of the module, in declaration order. */
    static final List<ErrorCode> ALL = List.of(UNAUTHORIZED, INVALID_TOKEN, TOKEN_MISSING_EXPIRY, TOKEN_EXPIRED, TOKEN_NOT_YET_VALID, TOKEN_FUTURE_ISSUED, TOKEN_NOT_REVOCABLE, TOKEN_REVOKED, CSRF_ORIGIN_REJECTED, CSRF_TOKEN_MISSING, CSRF_COOKIE_MISSING, CSRF_NO_SESSION, CSRF_TOKEN_MISMATCH, POLICY_ERROR, JWKS_UNAVAILABLE, REVOCATION_UNAVAILABLE, TOO_MANY_REQUESTS, LOGIN_ATTEMPTS_UNAVAILABLE);

    private SecurityErrorCodes() {
    }
}
