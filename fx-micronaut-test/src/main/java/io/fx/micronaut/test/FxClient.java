package io.fx.micronaut.test;

import io.micronaut.context.annotation.Prototype;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON client of the application under test. Injected into a {@code @MicronautTest} class it talks to the real
 * embedded server ({@code @Inject FxClient client;}, a prototype: each injection point gets its own); it never
 * throws on an error status: each call answers an {@link FxReply} to assert on.
 *
 * <pre>{@code
 * String id = client.post("/api/posts", Map.of("title", "Hello", "body", "First")).expectCreated().id();
 * client.withToken(tokens.subject("alice").token()).delete("/api/posts/" + id).expectStatus(204);
 * client.post("/api/posts", Map.of()).expectError(422, "VALIDATION_ERROR");
 * }</pre>
 *
 * Bodies are written by the application's {@link JsonMapper}; a {@link String} body is sent as it is, a
 * {@code byte[]} body as those bytes, both as {@code application/json} unless a {@code Content-Type} header says
 * otherwise. {@link #withToken} and {@link #withHeader} give views that add headers to every request.
 *
 * @since 0.9.0
 */
@Prototype
public final class FxClient {

    private static final String CONTENT_TYPE = "Content-Type";

    private final FxTransport transport;
    private final JsonMapper json;
    private final Map<String, List<String>> headers;

    /**
     * @param server the application's embedded server
     * @param json   the application's JSON mapper
     */
    @Inject
    public FxClient(@NonNull EmbeddedServer server, @NonNull JsonMapper json) {
        this(new HttpTransport(server.getURL().toString()), json, Map.of());
    }

    private FxClient(FxTransport transport, JsonMapper json, Map<String, List<String>> headers) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.json = Objects.requireNonNull(json, "json");
        this.headers = headers;
    }

    /**
     * @param baseUrl the URL of a running server, such as {@code http://localhost:8080}
     * @return a client of that server, with a default JSON mapper
     */
    @NonNull
    public static FxClient at(@NonNull String baseUrl) {
        return new FxClient(new HttpTransport(baseUrl), JsonMapper.createDefault(), Map.of());
    }

    /**
     * @param transport how the requests reach the application
     * @param json      the JSON mapper writing bodies and reading replies
     * @return a client over that transport
     */
    @NonNull
    public static FxClient over(@NonNull FxTransport transport, @NonNull JsonMapper json) {
        return new FxClient(transport, json, Map.of());
    }

    /**
     * @param token a bearer token
     * @return a view of this client sending {@code Authorization: Bearer <token>} with every request
     */
    @NonNull
    public FxClient withToken(@NonNull String token) {
        return withHeader("Authorization", "Bearer " + token);
    }

    /**
     * @param name  a header name
     * @param value its value, replacing one this client already sends under that name
     * @return a view of this client sending the header with every request (a request's own header of that name wins)
     */
    @NonNull
    public FxClient withHeader(@NonNull String name, @NonNull String value) {
        Map<String, List<String>> all = new LinkedHashMap<>(headers);
        all.keySet().removeIf(name::equalsIgnoreCase);
        all.put(name, List.of(value));
        return new FxClient(transport, json, Map.copyOf(all));
    }

    /** @return {@code GET path} */
    @NonNull
    public FxReply get(@NonNull String path) {
        return send("GET", path, null, Map.of());
    }

    /** @return {@code HEAD path} */
    @NonNull
    public FxReply head(@NonNull String path) {
        return send("HEAD", path, null, Map.of());
    }

    /** @return {@code OPTIONS path} */
    @NonNull
    public FxReply options(@NonNull String path) {
        return send("OPTIONS", path, null, Map.of());
    }

    /** @return {@code DELETE path} */
    @NonNull
    public FxReply delete(@NonNull String path) {
        return send("DELETE", path, null, Map.of());
    }

    /** @return {@code POST path} with the body as JSON */
    @NonNull
    public FxReply post(@NonNull String path, @Nullable Object body) {
        return send("POST", path, body, Map.of());
    }

    /** @return {@code PATCH path} with the body as JSON */
    @NonNull
    public FxReply patch(@NonNull String path, @Nullable Object body) {
        return send("PATCH", path, body, Map.of());
    }

    /** @return {@code PUT path} with the body as JSON */
    @NonNull
    public FxReply put(@NonNull String path, @Nullable Object body) {
        return send("PUT", path, body, Map.of());
    }

    /**
     * @param method         the HTTP method
     * @param path           the path and query string, percent-encoded
     * @param body           the body: a {@link String} or {@code byte[]} as it is, anything else as JSON; null for none
     * @param requestHeaders headers of this request only
     * @return the reply
     */
    @NonNull
    public FxReply send(@NonNull String method, @NonNull String path, @Nullable Object body,
                        @NonNull Map<String, String> requestHeaders) {
        Map<String, List<String>> multi = new LinkedHashMap<>();
        requestHeaders.forEach((name, value) -> multi.put(name, List.of(value)));
        return request(method, path, body, multi);
    }

    /**
     * As {@link #send(String, String, Object, Map)}, with headers that may repeat (two {@code Cookie} lines, say).
     *
     * @param method         the HTTP method
     * @param path           the path and query string, percent-encoded
     * @param body           the body: a {@link String} or {@code byte[]} as it is, anything else as JSON; null for none
     * @param requestHeaders headers of this request only, each name with its values; they replace this client's
     *                       headers of the same name
     * @return the reply
     */
    @NonNull
    public FxReply request(@NonNull String method, @NonNull String path, @Nullable Object body,
                           @NonNull Map<String, List<String>> requestHeaders) {
        Map<String, List<String>> all = new LinkedHashMap<>(headers);
        requestHeaders.forEach((name, values) -> {
            all.keySet().removeIf(name::equalsIgnoreCase);
            all.put(name, List.copyOf(values));
        });
        byte[] bytes = bytes(body);
        if (bytes != null && all.keySet().stream().noneMatch(CONTENT_TYPE::equalsIgnoreCase)) {
            all.put(CONTENT_TYPE, List.of("application/json"));
        }
        FxTransport.Response response = transport.exchange(method, path, all, bytes);
        return new FxReply(method + " " + path, response.status(), response.headers(), response.body(), json);
    }

    /**
     * @param value a value
     * @return it written as JSON by this client's mapper
     */
    @NonNull
    public String toJson(@Nullable Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] bytes(Object body) {
        if (body == null) {
            return null;
        }
        if (body instanceof byte[] raw) {
            return raw;
        }
        return (body instanceof String text ? text : toJson(body)).getBytes(StandardCharsets.UTF_8);
    }
}
