package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import io.micronaut.http.cookie.Cookie;

import java.util.List;
import java.util.Map;

/**
 * The answer a request will get: a status, an optional body (serialised as JSON) and extra headers.
 *
 * @param status  the HTTP status
 * @param body    the body, or null for none
 * @param headers extra response headers
 * @param cookies cookies to set, one {@code Set-Cookie} header each (since 0.5.0)
 * @since 0.1.0
 */
public record FxResponse(int status, @Nullable Object body, @NonNull Map<String, String> headers,
                         @NonNull List<Cookie> cookies) {

    /** Defensive copy of the headers and cookies. */
    public FxResponse {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        cookies = cookies == null ? List.of() : List.copyOf(cookies);
    }

    /**
     * @param status  the HTTP status
     * @param body    the body, or null for none
     * @param headers extra response headers
     */
    public FxResponse(int status, @Nullable Object body, @NonNull Map<String, String> headers) {
        this(status, body, headers, List.of());
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
