package io.fx.micronaut.exception;

/**
 * The error codes the framework itself emits, with the HTTP status each one answers with.
 *
 * @since 0.1.0
 */
public enum ErrorCode {
    /** The body is not valid JSON, or not a JSON object where one is required. */
    INVALID_JSON(400),
    /** A body is required but was empty. */
    EMPTY_BODY(400),
    /** The body could not be read. */
    BODY_READ_ERROR(400),
    /** Malformed or refused query parameters. */
    INVALID_QUERY(400),
    /**
     * The request itself is malformed: a URI that does not decode, a broken request line or header,
     * or ambiguous framing ({@code Content-Length} with {@code Transfer-Encoding}, several lengths,
     * an unknown HTTP version, a missing or repeated {@code Host}).
     *
     * @since 0.3.0
     */
    MALFORMED_REQUEST(400),
    /**
     * No credential was presented where one is required, the {@code Authorization} header uses another
     * scheme than {@code Bearer} or carries no token, or an API key is unknown.
     *
     * @since 0.4.0
     */
    UNAUTHORIZED(401),
    /**
     * A bearer token is malformed, uses a refused algorithm, has a bad signature, an unknown key id, no
     * subject, the wrong issuer or audience, or was refused by a token hook.
     *
     * @since 0.4.0
     */
    INVALID_TOKEN(401),
    /**
     * A bearer token carries no {@code exp} claim.
     *
     * @since 0.4.0
     */
    TOKEN_MISSING_EXPIRY(401),
    /**
     * A bearer token's {@code exp} has passed (beyond the clock skew).
     *
     * @since 0.4.0
     */
    TOKEN_EXPIRED(401),
    /**
     * A bearer token's {@code nbf} lies ahead (beyond the clock skew).
     *
     * @since 0.4.0
     */
    TOKEN_NOT_YET_VALID(401),
    /**
     * A bearer token's {@code iat} lies ahead (beyond the clock skew).
     *
     * @since 0.4.0
     */
    TOKEN_FUTURE_ISSUED(401),
    /**
     * Revocation is on and a bearer token carries no {@code jti}, or a request without a token asked to
     * revoke its token (logout with an API key).
     *
     * @since 0.5.0
     */
    TOKEN_NOT_REVOCABLE(401),
    /**
     * A bearer token was revoked, or issued before its user's cutoff (logout-all).
     *
     * @since 0.5.0
     */
    TOKEN_REVOKED(401),
    /**
     * A login presented an unknown user name or a wrong password.
     *
     * @since 0.5.0
     */
    INVALID_CREDENTIALS(401),
    /**
     * The caller may not do this: a created or updated record would lie outside the caller's scope, or
     * the request was refused before it reached the API (for example by Micronaut's CORS filter).
     *
     * @since 0.3.0
     */
    FORBIDDEN(403),
    /**
     * CSRF protection: the request's {@code Origin} (or {@code Referer}) is missing or not allowed.
     *
     * @since 0.5.0
     */
    CSRF_ORIGIN_REJECTED(403),
    /**
     * CSRF protection: the CSRF header is missing.
     *
     * @since 0.5.0
     */
    CSRF_TOKEN_MISSING(403),
    /**
     * CSRF protection (double submit): the CSRF cookie is missing.
     *
     * @since 0.5.0
     */
    CSRF_COOKIE_MISSING(403),
    /**
     * CSRF protection (signed tokens): the caller has no session id to sign.
     *
     * @since 0.5.0
     */
    CSRF_NO_SESSION(403),
    /**
     * CSRF protection: the CSRF header does not match the cookie or the signed token.
     *
     * @since 0.5.0
     */
    CSRF_TOKEN_MISMATCH(403),
    /**
     * Cross-origin ({@code micronaut.server.cors.*}): no CORS configuration admits the request's
     * {@code Origin} (a preflight on any server; a simple request on a localhost server, where
     * Micronaut also refuses a configuration without listed origins), or the preflight asks for
     * private-network access the configuration does not allow. The message names the origin.
     *
     * @since 0.5.0
     */
    CORS_ORIGIN_DENIED(403),
    /**
     * Cross-origin: the method (of a preflight: its {@code Access-Control-Request-Method}) is not in the
     * configuration's {@code allowed-methods}, or a preflight asks for a method the path does not serve.
     * The message names the method.
     *
     * @since 0.5.0
     */
    CORS_METHOD_DENIED(403),
    /**
     * Cross-origin: a header of the preflight's {@code Access-Control-Request-Headers} is not in the
     * configuration's {@code allowed-headers}. The message names the first such header.
     *
     * @since 0.5.0
     */
    CORS_HEADER_DENIED(403),
    /** The method is not served on a generated path (PUT; use PATCH). */
    METHOD_NOT_ALLOWED(405),
    /**
     * The {@code Accept} header excludes JSON, the only representation the API serves.
     *
     * @since 0.3.0
     */
    NOT_ACCEPTABLE(406),
    /** The client closed the connection before the answer; writes are rolled back, nothing is sent. */
    CLIENT_CLOSED_REQUEST(499),
    /** The record or collection does not exist. */
    NOT_FOUND(404),
    /** A constraint (unique, foreign key) refused the write. */
    CONFLICT(409),
    /** The JSON body exceeds the configured limit. */
    BODY_TOO_LARGE(413),
    /** The request URI exceeds the configured limit. */
    URI_TOO_LONG(414),
    /**
     * A write body's {@code Content-Type} is not one the API accepts (JSON by default), or is missing.
     *
     * @since 0.3.0
     */
    UNSUPPORTED_MEDIA_TYPE(415),
    /** Field rules were violated on create or update. */
    VALIDATION_ERROR(422),
    /**
     * The request's header block exceeds the server's limit ({@code micronaut.server.netty.max-header-size}).
     *
     * @since 0.3.0
     */
    HEADERS_TOO_LARGE(431),
    /** Any other database failure. */
    DB_ERROR(500),
    /** A transaction could not start. */
    TX_BEGIN_ERROR(500),
    /** A commit failed. */
    TX_COMMIT_ERROR(500),
    /** An unexpected exception escaped a handler. */
    PANIC(500),
    /**
     * An access policy failed with an exception instead of deciding.
     *
     * @since 0.4.0
     */
    POLICY_ERROR(500),
    /**
     * The key set that verifies bearer tokens has never been fetched successfully.
     *
     * @since 0.4.0
     */
    JWKS_UNAVAILABLE(503),
    /**
     * Revocation is on and the revocation store could not be consulted in time; the request is refused
     * (fail closed).
     *
     * @since 0.5.0
     */
    REVOCATION_UNAVAILABLE(503),
    /**
     * The database cannot be reached (connection refused or lost, the server shutting down or
     * starting). The answer carries {@code Retry-After}; the request's write was not committed, unless
     * the connection broke during the commit itself.
     *
     * @since 0.3.0
     */
    DB_UNAVAILABLE(503),
    /** The database deadline was exceeded. */
    TIMEOUT(504);

    private final int status;

    ErrorCode(int status) {
        this.status = status;
    }

    /** @return the HTTP status this code answers with */
    public int status() {
        return status;
    }

    /**
     * Creates an exception carrying this code and its status.
     *
     * @param message the client-facing message (ignored for 5xx answers)
     * @return the exception
     */
    public FxException exception(String message) {
        return new FxException(status, name(), message);
    }

    /**
     * Creates an exception carrying this code, its status, details and a cause.
     *
     * @param message the client-facing message (ignored for 5xx answers)
     * @param details structured details, or null
     * @param cause   the cause, or null
     * @return the exception
     */
    public FxException exception(String message, Object details, Throwable cause) {
        return new FxException(status, name(), message, details, cause);
    }
}
