package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import io.micronaut.http.cookie.Cookie;

import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The answer a request will get: a status, an optional body (serialised as JSON) or {@link ResponseContent
 * content} of another type sent as it is, and extra headers and cookies.
 *
 * <pre>{@code
 * return FxResponse.of(200, Map.of("id", id));                              // JSON
 * return FxResponse.bytes(200, "text/csv", csv).attachment("posts.csv");    // a download
 * return FxResponse.redirect(303, "/api/posts/" + id);                      // a redirect
 * }</pre>
 *
 * @param status  the HTTP status
 * @param body    the JSON body, or null for none
 * @param headers extra response headers
 * @param cookies cookies to set, one {@code Set-Cookie} header each (since 0.5.0)
 * @param content a body that is not JSON, or null; never together with a JSON body (since 0.7.0)
 * @since 0.1.0
 */
public record FxResponse(int status, @Nullable Object body, @NonNull Map<String, String> headers,
                         @NonNull List<Cookie> cookies, @Nullable ResponseContent content) {

    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);

    /** Defensive copy of the headers and cookies; a JSON body and content exclude each other. */
    public FxResponse {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        cookies = cookies == null ? List.of() : List.copyOf(cookies);
        if (body != null && content != null) {
            throw new IllegalArgumentException("A response has a JSON body or content, not both");
        }
    }

    /**
     * @param status  the HTTP status
     * @param body    the JSON body, or null for none
     * @param headers extra response headers
     * @param cookies cookies to set
     * @since 0.5.0
     */
    public FxResponse(int status, @Nullable Object body, @NonNull Map<String, String> headers,
                      @NonNull List<Cookie> cookies) {
        this(status, body, headers, cookies, null);
    }

    /**
     * @param status  the HTTP status
     * @param body    the JSON body, or null for none
     * @param headers extra response headers
     */
    public FxResponse(int status, @Nullable Object body, @NonNull Map<String, String> headers) {
        this(status, body, headers, List.of(), null);
    }

    /**
     * @param status the status
     * @param body   the JSON body or null
     * @return a response without extra headers
     */
    @NonNull
    public static FxResponse of(int status, @Nullable Object body) {
        return new FxResponse(status, body, Map.of());
    }

    /**
     * @param status      the status
     * @param contentType the body's {@code Content-Type}
     * @param bytes       the body, sent as it is
     * @return a response with a body that is not JSON
     * @since 0.7.0
     */
    @NonNull
    public static FxResponse bytes(int status, @NonNull String contentType, @NonNull byte[] bytes) {
        return new FxResponse(status, null, Map.of(), List.of(), new ResponseContent.BytesContent(contentType, bytes));
    }

    /**
     * @param status      the status
     * @param contentType the body's {@code Content-Type}
     * @param stream      the body, read as it is sent and then closed
     * @param length      its length in bytes ({@code Content-Length}), or -1 when unknown (sent chunked)
     * @return a response streaming a body that is not JSON
     * @since 0.7.0
     */
    @NonNull
    public static FxResponse stream(int status, @NonNull String contentType, @NonNull InputStream stream, long length) {
        return new FxResponse(status, null, Map.of(), List.of(),
            new ResponseContent.StreamContent(contentType, stream, length));
    }

    /**
     * @param status   301, 302, 303 (after a POST: fetch the result with GET), 307 or 308 (repeat the method)
     * @param location the target, absolute or relative to the request
     * @return a redirect without a body
     * @throws IllegalArgumentException for another status, or a location holding a line break or control character
     * @since 0.7.0
     */
    @NonNull
    public static FxResponse redirect(int status, @NonNull String location) {
        if (!REDIRECTS.contains(status)) {
            throw new IllegalArgumentException("A redirect is 301, 302, 303, 307 or 308, not " + status);
        }
        return new FxResponse(status, null, Map.of("Location", headerValue(location)));
    }

    /**
     * @param filename the name the client saves the body under, in any script
     * @return a copy with {@code Content-Disposition: attachment} naming the file ({@link ContentDisposition})
     * @since 0.7.0
     */
    @NonNull
    public FxResponse attachment(@NonNull String filename) {
        return withHeader("Content-Disposition", ContentDisposition.attachment(filename));
    }

    /**
     * @param name  a header name
     * @param value its value, without line breaks or control characters
     * @return a copy with the header, replacing one of the same name
     * @since 0.7.0
     */
    @NonNull
    public FxResponse withHeader(@NonNull String name, @NonNull String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, headerValue(value));
        return new FxResponse(status, body, more, cookies, content);
    }

    private static String headerValue(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                throw new IllegalArgumentException("A header value holds no line break or control character");
            }
        }
        return value;
    }
}
