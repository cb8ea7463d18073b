package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * The error answers generated operations can give, each a component response with the error envelope
 * whose {@code code} is restricted to the codes named here (see {@link ErrorCode}).
 */
@Internal
public enum ErrorResponse {
    /** A malformed or refused query parameter; every operation parses the query string. */
    INVALID_QUERY("FxInvalidQuery", "400", "Malformed or refused query parameter (the message names it)",
        List.of(ErrorCode.INVALID_QUERY)),
    /** A refused list parameter, the cursor included. */
    INVALID_LIST_QUERY("FxInvalidListQuery", "400", "Malformed or refused query parameter (INVALID_QUERY), or a "
        + "cursor that is malformed, forged, signed by another key or made for another list (INVALID_CURSOR); the "
        + "message names the parameter", List.of(ErrorCode.INVALID_QUERY, ErrorCode.INVALID_CURSOR)),
    /** A body that is not one JSON object, empty or not UTF-8, or a refused query parameter. */
    INVALID_BODY("FxInvalidBody", "400", "The body is not one JSON object (INVALID_JSON), is empty (EMPTY_BODY) "
        + "or is not UTF-8 (BODY_READ_ERROR), or a query parameter was refused (INVALID_QUERY)",
        List.of(ErrorCode.INVALID_JSON, ErrorCode.EMPTY_BODY, ErrorCode.BODY_READ_ERROR, ErrorCode.INVALID_QUERY)),
    /** An unknown or malformed id, or a soft-deleted record. */
    NOT_FOUND("FxNotFound", "404", "No such record (unknown or malformed id, or soft-deleted)",
        List.of(ErrorCode.NOT_FOUND)),
    /** A unique or foreign-key constraint refused the write. */
    CONFLICT("FxConflict", "409", "A unique or relation constraint refused the write (a duplicate, a key naming "
        + "no live parent, or live children of a restricting relation); details name the column",
        List.of(ErrorCode.CONFLICT)),
    /** The body is over {@code fx.max-body-size}. */
    BODY_TOO_LARGE("FxBodyTooLarge", "413", "The body exceeds the route's limit (fx.max-body-size unless set otherwise)", List.of(ErrorCode.BODY_TOO_LARGE)),
    /** The URI is over the configured limit. */
    URI_TOO_LONG("FxUriTooLong", "414", "The request URI exceeds fx.query-limits.max-uri-length",
        List.of(ErrorCode.URI_TOO_LONG)),
    /** The write body's Content-Type is not JSON, or missing. */
    UNSUPPORTED_MEDIA_TYPE("FxUnsupportedMediaType", "415", "The body's Content-Type is not application/json or "
        + "application/*+json, or a body was sent without one", List.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE)),
    /** Field rules were violated; details list every violation. */
    VALIDATION_FAILED("FxValidationFailed", "422", "Field rules were violated; details list every violation",
        List.of(ErrorCode.VALIDATION_ERROR)),
    /** A server-side failure; the body carries only the code and the generic status text. */
    SERVER_ERROR("FxServerError", "500", "Server-side failure; the message is the generic status text",
        List.of(ErrorCode.DB_ERROR, ErrorCode.TX_BEGIN_ERROR, ErrorCode.TX_COMMIT_ERROR, ErrorCode.PANIC)),
    /** The database cannot be reached; the answer carries {@code Retry-After}. */
    UNAVAILABLE("FxUnavailable", "503", "The database is unavailable (unreachable, shutting down or starting); "
        + "retry after the Retry-After header's seconds", List.of(ErrorCode.DB_UNAVAILABLE)),
    /** The database deadline ({@code fx.query-timeout}) passed. */
    TIMEOUT("FxTimeout", "504", "The database deadline (fx.query-timeout) was exceeded", List.of(ErrorCode.TIMEOUT)),
    /** Anything middleware aborts with (401, 403, ...). */
    MIDDLEWARE("FxMiddlewareError", "default", "An answer set by middleware (for example 401 or 403), "
        + "with the error envelope", List.of());

    private final String component;
    private final String status;
    private final String description;
    private final List<ErrorCode> codes;

    ErrorResponse(String component, String status, String description, List<ErrorCode> codes) {
        this.component = component;
        this.status = status;
        this.description = description;
        this.codes = codes;
    }

    /** @return the component response name */
    @NonNull
    public String component() {
        return component;
    }

    /** @return the response key: an HTTP status or {@code default} */
    @NonNull
    public String status() {
        return status;
    }

    /** @return the response description */
    @NonNull
    public String description() {
        return description;
    }

    /** @return the codes the envelope may carry; empty for any */
    @NonNull
    public List<ErrorCode> codes() {
        return codes;
    }

    /** @return the details schema name, or null when the envelope carries none documented */
    @Nullable
    String detailsSchema() {
        return switch (this) {
            case CONFLICT -> OpenApiNames.CONFLICT_DETAILS;
            case VALIDATION_FAILED -> OpenApiNames.VALIDATION_VIOLATION;
            default -> null;
        };
    }
}
