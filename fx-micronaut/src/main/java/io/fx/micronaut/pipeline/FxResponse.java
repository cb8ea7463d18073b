package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;

/**
 * The answer a request will get: a status, an optional body (serialised as JSON) and extra headers.
 *
 * @param status  the HTTP status
 * @param body    the body, or null for none
 * @param headers extra response headers
 * @since 0.1.0
 */
public record FxResponse(int status, @Nullable Object body, @NonNull Map<String, String> headers) {

    /** Defensive copy of the headers. */
    public FxResponse {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /**
     * @param status the status
     * @param body   the body or null
     * @return a response without extra headers
     */
    @NonNull
    public static FxResponse of(int status, @Nullable Object body) {
        return new FxResponse(status, body, Map.of());
    }
}
