package io.fx.micronaut.test;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A reply of the application ({@link FxClient}): its status, headers, raw text and the decoded envelope
 * ({@code data}, {@code meta}, {@code error}), with assertions that fail naming the request and carrying the whole
 * body, so a failing test shows what the server said.
 *
 * @since 0.9.0
 */
public final class FxReply {

    private final String request;
    private final int status;
    private final Map<String, List<String>> headers;
    private final String text;
    private final JsonMapper json;

    FxReply(String request, int status, Map<String, List<String>> headers, String text, JsonMapper json) {
        this.request = request;
        this.status = status;
        this.headers = Map.copyOf(headers);
        this.text = text == null ? "" : text;
        this.json = json;
    }

    /** @return the status code */
    public int status() {
        return status;
    }

    /** @return the body as text (empty for none) */
    @NonNull
    public String text() {
        return text;
    }

    /** @return every header, each name with its values in order */
    @NonNull
    public Map<String, List<String>> headers() {
        return headers;
    }

    /**
     * @param name a header name, in any case
     * @return its first value, or null when absent
     */
    @Nullable
    public String header(@NonNull String name) {
        List<String> values = headers(name);
        return values.isEmpty() ? null : values.get(0);
    }

    /**
     * @param name a header name, in any case
     * @return every value of the header, in the order received (e.g. each {@code Set-Cookie})
     */
    @NonNull
    public List<String> headers(@NonNull String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
            .flatMap(e -> e.getValue().stream()).toList();
    }

    /** @return the body decoded as a JSON object (empty for no body) */
    @NonNull
    public Map<String, Object> body() {
        if (text.isEmpty()) {
            return Map.of();
        }
        try {
            return json.readValue(text, Argument.mapOf(String.class, Object.class));
        } catch (IOException e) {
            throw new AssertionFailedError(request + " did not answer a JSON object: " + this, e);
        }
    }

    /** @return the {@code data} object of a single-record reply, or null */
    @SuppressWarnings("unchecked")
    @Nullable
    public Map<String, Object> data() {
        return (Map<String, Object>) body().get("data");
    }

    /** @return the {@code data} array of a list reply, or null */
    @SuppressWarnings("unchecked")
    @Nullable
    public List<Map<String, Object>> list() {
        return (List<Map<String, Object>>) body().get("data");
    }

    /** @return the {@code meta} object of a list reply, or null */
    @SuppressWarnings("unchecked")
    @Nullable
    public Map<String, Object> meta() {
        return (Map<String, Object>) body().get("meta");
    }

    /** @return the {@code error} object of an error reply, or null */
    @SuppressWarnings("unchecked")
    @Nullable
    public Map<String, Object> error() {
        return (Map<String, Object>) body().get("error");
    }

    /** @return the {@code error.code} of an error reply, or null */
    @Nullable
    public String errorCode() {
        Map<String, Object> error = error();
        return error == null ? null : (String) error.get("code");
    }

    /** @return {@code data.id} of a single-record reply */
    @NonNull
    public String id() {
        Object data = body().get("data");
        if (!(data instanceof Map<?, ?> record) || record.get("id") == null) {
            throw new AssertionFailedError(request + " answered no data.id: " + this);
        }
        return String.valueOf(record.get("id"));
    }

    /**
     * @param expected the expected status
     * @return this reply
     * @throws AssertionFailedError naming the request, the status and the whole body, when it differs
     */
    @NonNull
    public FxReply expectStatus(int expected) {
        if (status != expected) {
            throw new AssertionFailedError(request + ": expected status " + expected + " but was " + this, expected, status);
        }
        return this;
    }

    /** @return this reply, once its status is 200 */
    @NonNull
    public FxReply expectOk() {
        return expectStatus(200);
    }

    /**
     * @return this reply, once it is a 201 carrying the created record ({@code data.id})
     * @throws AssertionFailedError with the whole body when it is not
     */
    @NonNull
    public FxReply expectCreated() {
        expectStatus(201);
        id();
        return this;
    }

    /**
     * @param expectedStatus the expected status
     * @param expectedCode   the expected {@code error.code}
     * @return this reply, once it is that error envelope
     * @throws AssertionFailedError naming the request, with the whole body, when the status or code differ
     */
    @NonNull
    public FxReply expectError(int expectedStatus, @NonNull String expectedCode) {
        String code = status == expectedStatus ? codeOrNull() : null;
        if (status != expectedStatus || !Objects.equals(expectedCode, code)) {
            throw new AssertionFailedError(request + ": expected " + expectedStatus + " " + expectedCode
                + " but was " + this, expectedStatus + " " + expectedCode, status + " " + codeOrNull());
        }
        return this;
    }

    private String codeOrNull() {
        try {
            return errorCode();
        } catch (AssertionFailedError | ClassCastException e) {
            return null;
        }
    }

    /** @return the status and the whole body */
    @Override
    public String toString() {
        return status + " " + text;
    }
}
