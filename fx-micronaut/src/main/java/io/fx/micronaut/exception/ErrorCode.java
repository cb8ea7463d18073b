package io.fx.micronaut.exception;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A machine-readable error code and the HTTP status it answers with: the {@code code} of the error
 * envelope {@code {"error":{"code","message","details"}}}. The type is open: the core declares its own
 * codes here, and each module declares the codes only it answers with in a class of its own (the
 * security module's {@code SecurityErrorCodes}), published through an {@link ErrorCatalog} bean so the
 * API document lists them. Codes compare by name and status.
 *
 * <pre>{@code
 * public static final ErrorCode QUOTA_EXCEEDED = ErrorCode.of("QUOTA_EXCEEDED", 429);
 * ...
 * throw QUOTA_EXCEEDED.exception("the monthly quota is used up");
 * }</pre>
 *
 * @since 0.1.0 (an open type since 0.7.0; an enum before)
 */
public final class ErrorCode {

    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    /** The body is not valid JSON, or not a JSON object where one is required. */
    public static final ErrorCode INVALID_JSON = ErrorCode.of("INVALID_JSON", 400);

    /** A body is required but was empty. */
    public static final ErrorCode EMPTY_BODY = ErrorCode.of("EMPTY_BODY", 400);

    /** The body could not be read. */
    public static final ErrorCode BODY_READ_ERROR = ErrorCode.of("BODY_READ_ERROR", 400);

    /** Malformed or refused query parameters. */
    public static final ErrorCode INVALID_QUERY = ErrorCode.of("INVALID_QUERY", 400);

    /**
     * The {@code cursor} parameter of a list is malformed, truncated, forged, signed by another key, or was made
     * for another model, filter or sort.
     *
     * @since 0.4.0
     */
    public static final ErrorCode INVALID_CURSOR = ErrorCode.of("INVALID_CURSOR", 400);

    /**
     * The request itself is malformed: a URI that does not decode, a broken request line or header,
     * or ambiguous framing ({@code Content-Length} with {@code Transfer-Encoding}, several lengths,
     * an unknown HTTP version, a missing or repeated {@code Host}).
     *
     * @since 0.3.0
     */
    public static final ErrorCode MALFORMED_REQUEST = ErrorCode.of("MALFORMED_REQUEST", 400);

    /**
     * The caller may not do this: a created or updated record would lie outside the caller's scope, or
     * the request was refused before it reached the API (for example by Micronaut's CORS filter).
     *
     * @since 0.3.0
     */
    public static final ErrorCode FORBIDDEN = ErrorCode.of("FORBIDDEN", 403);

    /**
     * Cross-origin ({@code micronaut.server.cors.*}): no CORS configuration admits the request's
     * {@code Origin} (a preflight on any server; a simple request on a localhost server, where
     * Micronaut also refuses a configuration without listed origins), or the preflight asks for
     * private-network access the configuration does not allow. The message names the origin.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CORS_ORIGIN_DENIED = ErrorCode.of("CORS_ORIGIN_DENIED", 403);

    /**
     * Cross-origin: the method (of a preflight: its {@code Access-Control-Request-Method}) is not in the
     * configuration's {@code allowed-methods}, or a preflight asks for a method the path does not serve.
     * The message names the method.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CORS_METHOD_DENIED = ErrorCode.of("CORS_METHOD_DENIED", 403);

    /**
     * Cross-origin: a header of the preflight's {@code Access-Control-Request-Headers} is not in the
     * configuration's {@code allowed-headers}. The message names the first such header.
     *
     * @since 0.5.0
     */
    public static final ErrorCode CORS_HEADER_DENIED = ErrorCode.of("CORS_HEADER_DENIED", 403);

    /** The method is not served on a generated path (PUT; use PATCH). */
    public static final ErrorCode METHOD_NOT_ALLOWED = ErrorCode.of("METHOD_NOT_ALLOWED", 405);

    /**
     * The {@code Accept} header excludes JSON, the only representation the API serves.
     *
     * @since 0.3.0
     */
    public static final ErrorCode NOT_ACCEPTABLE = ErrorCode.of("NOT_ACCEPTABLE", 406);

    /** The client closed the connection before the answer; writes are rolled back, nothing is sent. */
    public static final ErrorCode CLIENT_CLOSED_REQUEST = ErrorCode.of("CLIENT_CLOSED_REQUEST", 499);

    /** The record or collection does not exist. */
    public static final ErrorCode NOT_FOUND = ErrorCode.of("NOT_FOUND", 404);

    /** A constraint (unique, foreign key) refused the write. */
    public static final ErrorCode CONFLICT = ErrorCode.of("CONFLICT", 409);

    /** The JSON body exceeds the configured limit. */
    public static final ErrorCode BODY_TOO_LARGE = ErrorCode.of("BODY_TOO_LARGE", 413);

    /** The request URI exceeds the configured limit. */
    public static final ErrorCode URI_TOO_LONG = ErrorCode.of("URI_TOO_LONG", 414);

    /**
     * A write body's {@code Content-Type} is not one the API accepts (JSON by default), or is missing.
     *
     * @since 0.3.0
     */
    public static final ErrorCode UNSUPPORTED_MEDIA_TYPE = ErrorCode.of("UNSUPPORTED_MEDIA_TYPE", 415);

    /** Field rules were violated on create or update. */
    public static final ErrorCode VALIDATION_ERROR = ErrorCode.of("VALIDATION_ERROR", 422);

    /**
     * The request's header block exceeds the server's limit ({@code micronaut.server.netty.max-header-size}).
     *
     * @since 0.3.0
     */
    public static final ErrorCode HEADERS_TOO_LARGE = ErrorCode.of("HEADERS_TOO_LARGE", 431);

    /** Any other database failure. */
    public static final ErrorCode DB_ERROR = ErrorCode.of("DB_ERROR", 500);

    /** A transaction could not start. */
    public static final ErrorCode TX_BEGIN_ERROR = ErrorCode.of("TX_BEGIN_ERROR", 500);

    /** A commit failed. */
    public static final ErrorCode TX_COMMIT_ERROR = ErrorCode.of("TX_COMMIT_ERROR", 500);

    /** An unexpected exception escaped a handler. */
    public static final ErrorCode PANIC = ErrorCode.of("PANIC", 500);

    /**
     * The database cannot be reached (connection refused or lost, the server shutting down or
     * starting). The answer carries {@code Retry-After}; the request's write was not committed, unless
     * the connection broke during the commit itself.
     *
     * @since 0.3.0
     */
    public static final ErrorCode DB_UNAVAILABLE = ErrorCode.of("DB_UNAVAILABLE", 503);

    /** The database deadline was exceeded. */
    public static final ErrorCode TIMEOUT = ErrorCode.of("TIMEOUT", 504);

    /**
     * A call that needs an active transaction ({@code lockForUpdate}, {@code afterCommit}, {@code afterRollback})
     * ran outside one: a programming error, logged.
     *
     * @since 0.2.0
     */
    public static final ErrorCode TX_REQUIRED = ErrorCode.of("TX_REQUIRED", 500);

    /** Every code the core answers with, in declaration order. */
    static final List<ErrorCode> CORE = List.of(
        INVALID_JSON, EMPTY_BODY, BODY_READ_ERROR, INVALID_QUERY, INVALID_CURSOR, MALFORMED_REQUEST, FORBIDDEN,
        CORS_ORIGIN_DENIED, CORS_METHOD_DENIED, CORS_HEADER_DENIED, METHOD_NOT_ALLOWED, NOT_ACCEPTABLE,
        CLIENT_CLOSED_REQUEST, NOT_FOUND, CONFLICT, BODY_TOO_LARGE, URI_TOO_LONG, UNSUPPORTED_MEDIA_TYPE,
        VALIDATION_ERROR, HEADERS_TOO_LARGE, DB_ERROR, TX_BEGIN_ERROR, TX_COMMIT_ERROR, TX_REQUIRED, PANIC,
        DB_UNAVAILABLE, TIMEOUT);

    private final String name;
    private final int status;

    private ErrorCode(String name, int status) {
        this.name = name;
        this.status = status;
    }

    /**
     * Declares a code. Keep the result in a constant and publish it through an {@link ErrorCatalog}.
     *
     * @param name   upper-case letters, digits and {@code _}, starting with a letter
     * @param status the HTTP status it answers with, from 400 to 599
     * @return the code
     * @throws IllegalArgumentException when the name or the status is out of that range
     * @since 0.7.0
     */
    @NonNull
    public static ErrorCode of(@NonNull String name, int status) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("An error code is upper-case letters, digits and _, not '" + name + "'");
        }
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("Error code " + name + " needs a status from 400 to 599, not " + status);
        }
        return new ErrorCode(name, status);
    }

    /** @return the code as it travels in the envelope, for example {@code NOT_FOUND} */
    @NonNull
    public String name() {
        return name;
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
    @NonNull
    public FxException exception(@NonNull String message) {
        return new FxException(status, name, message);
    }

    /**
     * Creates an exception carrying this code, its status, details and a cause.
     *
     * @param message the client-facing message (ignored for 5xx answers)
     * @param details structured details, or null
     * @param cause   the cause, or null
     * @return the exception
     */
    @NonNull
    public FxException exception(@NonNull String message, @Nullable Object details, @Nullable Throwable cause) {
        return new FxException(status, name, message, details, cause);
    }

    /**
     * @param exception an exception
     * @return whether it carries this code
     * @since 0.7.0
     */
    public boolean matches(@Nullable FxException exception) {
        return exception != null && name.equals(exception.getCode());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ErrorCode other && name.equals(other.name) && status == other.status;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, status);
    }

    @Override
    public String toString() {
        return name;
    }
}
