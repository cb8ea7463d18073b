package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.http.HttpStatus;

import java.util.Map;

/**
 * The envelope's code and message for an answer Micronaut or Netty produced before the framework's
 * controllers ran. Messages are fixed texts: nothing of the exception or the request is echoed.
 */
final class StatusErrors {

    private static final Map<ErrorCode, String> MESSAGES = Map.of(
        ErrorCode.MALFORMED_REQUEST, "The request is malformed",
        ErrorCode.FORBIDDEN, "The request is forbidden",
        ErrorCode.NOT_FOUND, "No route matches this path",
        ErrorCode.METHOD_NOT_ALLOWED, "The method is not allowed on this path",
        ErrorCode.NOT_ACCEPTABLE, "This API answers with application/json only; the Accept header excludes it",
        ErrorCode.BODY_TOO_LARGE, "The request body exceeds the server limit",
        ErrorCode.URI_TOO_LONG, "The request line exceeds the server limit",
        ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The request body's Content-Type is not accepted",
        ErrorCode.HEADERS_TOO_LARGE, "The request headers exceed the server limit");

    private StatusErrors() {
    }

    /** @return the framework's code for a status, or null when it has none (the status's own name is used) */
    static ErrorCode code(int status) {
        return switch (status) {
            case 400 -> ErrorCode.MALFORMED_REQUEST;
            case 403 -> ErrorCode.FORBIDDEN;
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 406 -> ErrorCode.NOT_ACCEPTABLE;
            case 413 -> ErrorCode.BODY_TOO_LARGE;
            case 414 -> ErrorCode.URI_TOO_LONG;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            case 431 -> ErrorCode.HEADERS_TOO_LARGE;
            case 500 -> ErrorCode.PANIC;
            default -> null;
        };
    }

    /** @return the envelope code for a status: the framework's, or the status name ({@code REQUEST_TIMEOUT}) */
    static String codeName(int status) {
        ErrorCode code = code(status);
        if (code != null) {
            return code.name();
        }
        HttpStatus known = known(status);
        return known == null ? (status >= 500 ? ErrorCode.PANIC.name() : ErrorCode.MALFORMED_REQUEST.name()) : known.name();
    }

    /** @return the generic message for a code, or the status's reason phrase */
    static String message(ErrorCode code, int status) {
        if (code != null && MESSAGES.containsKey(code)) {
            return MESSAGES.get(code);
        }
        HttpStatus known = known(status);
        return known == null ? "Error" : known.getReason();
    }

    private static HttpStatus known(int status) {
        try {
            return HttpStatus.valueOf(status);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
