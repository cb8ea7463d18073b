package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;

/**
 * Why Micronaut's CORS filter refused a request: the envelope's code and a message naming what was
 * refused (the origin, the method or the header).
 *
 * @param code    {@link ErrorCode#CORS_ORIGIN_DENIED}, {@link ErrorCode#CORS_METHOD_DENIED} or
 *                {@link ErrorCode#CORS_HEADER_DENIED}
 * @param message the envelope's message
 */
record CorsRefusal(ErrorCode code, String message) {

    /** The longest client-sent value a message quotes; longer ones are cut. */
    private static final int MAX_QUOTED = 100;

    static CorsRefusal origin(String origin) {
        return new CorsRefusal(ErrorCode.CORS_ORIGIN_DENIED,
            "Cross-origin requests from origin " + quote(origin) + " are not allowed");
    }

    static CorsRefusal privateNetwork(String origin) {
        return new CorsRefusal(ErrorCode.CORS_ORIGIN_DENIED,
            "Private-network access is not allowed for origin " + quote(origin));
    }

    static CorsRefusal method(String method) {
        return new CorsRefusal(ErrorCode.CORS_METHOD_DENIED,
            "The method " + quote(method) + " is not allowed for cross-origin requests");
    }

    static CorsRefusal unservedMethod(String method) {
        return new CorsRefusal(ErrorCode.CORS_METHOD_DENIED,
            "The method " + quote(method) + " is not served on this path");
    }

    static CorsRefusal header(String header) {
        return new CorsRefusal(ErrorCode.CORS_HEADER_DENIED,
            "The request header " + quote(header) + " is not allowed for cross-origin requests");
    }

    private static String quote(String value) {
        String shown = value.length() > MAX_QUOTED ? value.substring(0, MAX_QUOTED) + "..." : value;
        return "'" + shown + "'";
    }
}
