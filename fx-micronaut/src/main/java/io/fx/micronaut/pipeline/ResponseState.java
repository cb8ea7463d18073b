package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.cookie.Cookie;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer being built: the {@link FxResponse} once a step (or an abort) set one, and the headers and
 * cookies to add to whatever answer goes out, an error envelope included.
 *
 * @since 0.7.0
 */
public final class ResponseState {

    private Map<String, String> headers;
    private List<Cookie> cookies;
    private FxResponse response;
    private boolean aborted;

    ResponseState() {
    }

    /** @return the response built so far */
    @NonNull
    public Optional<FxResponse> find() {
        return Optional.ofNullable(response);
    }

    /**
     * @param value the response to send, or null to clear it; a streamed response it replaces (an error after the
     *     handler answered with a stream) has its stream closed, since it will never be written
     */
    public void set(@Nullable FxResponse value) {
        if (response != null && response.content() instanceof ResponseContent.StreamContent streamed
            && !(value != null && value.content() instanceof ResponseContent.StreamContent kept
                && kept.stream() == streamed.stream())) {
            try {
                streamed.stream().close();
            } catch (IOException e) {
                // nothing was written from it; a failing close leaves nothing to release
            }
        }
        this.response = value;
    }

    /**
     * Stops the request with an error envelope carrying details.
     *
     * @param status  the HTTP status
     * @param code    the error code
     * @param message the message
     * @param details the details, or null
     */
    public void abort(int status, @NonNull String code, @NonNull String message, @Nullable Object details) {
        this.aborted = true;
        this.response = FxResponse.of(status, ErrorEnvelope.of(code, message, details));
    }

    /** @return whether a middleware aborted the request */
    public boolean isAborted() {
        return aborted;
    }

    /**
     * Adds a header to the answer, replacing an earlier value of that name.
     *
     * @param name  the header name
     * @param value its value
     */
    public void setHeader(@NonNull String name, @NonNull String value) {
        if (headers == null) {
            headers = new LinkedHashMap<>(4);
        }
        headers.put(name, value);
    }

    /** @return the headers to add to the answer, in order; unmodifiable */
    @NonNull
    public Map<String, String> getHeaders() {
        return headers == null ? Map.of() : Collections.unmodifiableMap(headers);
    }

    /**
     * Sets a cookie on the answer, whatever it turns out to be (an error envelope too). Each cookie becomes
     * its own {@code Set-Cookie} header; a later cookie with the same name, path and domain replaces an
     * earlier one, so a middleware can set a cookie that a later step clears again.
     *
     * @param cookie the cookie
     */
    public void addCookie(@NonNull Cookie cookie) {
        if (cookies == null) {
            cookies = new ArrayList<>(2);
        }
        cookies.removeIf(existing -> existing.getName().equals(cookie.getName())
            && Objects.equals(existing.getPath(), cookie.getPath())
            && Objects.equals(existing.getDomain(), cookie.getDomain()));
        cookies.add(cookie);
    }

    /** @return the cookies {@link #addCookie added} so far, in order; unmodifiable */
    @NonNull
    public List<Cookie> getCookies() {
        return cookies == null ? List.of() : Collections.unmodifiableList(cookies);
    }
}
