package io.fx.micronaut.pipeline;

import io.micronaut.http.HttpMethod;

/**
 * The operation a request performs; middleware can be filtered by it. A HEAD request runs as the GET
 * it mirrors ({@link #READ} or {@link #LIST}).
 *
 * @since 0.1.0
 */
public enum Operation {
    /** GET on a collection. */
    LIST,
    /** GET on a record. */
    READ,
    /** POST on a collection. */
    CREATE,
    /** PATCH on a record. */
    UPDATE,
    /** DELETE on a record. */
    DELETE,
    /** OPTIONS on a collection or a record. */
    OPTIONS,
    /** A custom action. */
    ACTION,
    /** GET on a record's change history. */
    READ_HISTORY;

    /**
     * The methods served on a generated path, for the {@code Allow} header.
     *
     * @param hasId whether the path names a record
     * @return the comma-separated methods
     */
    public static String allowedMethods(boolean hasId) {
        return hasId ? "GET, HEAD, PATCH, DELETE, OPTIONS" : "GET, HEAD, POST, OPTIONS";
    }

    /**
     * @param method    the HTTP method
     * @param hasId     whether the path names a record
     * @return the operation, or null when the method is not served on that path
     */
    public static Operation of(HttpMethod method, boolean hasId) {
        return switch (method) {
            case GET, HEAD -> hasId ? READ : LIST;
            case POST -> hasId ? null : CREATE;
            case PATCH -> hasId ? UPDATE : null;
            case DELETE -> hasId ? DELETE : null;
            case OPTIONS -> OPTIONS;
            default -> null;
        };
    }
}
