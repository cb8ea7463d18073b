package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.FxReply;
import io.micronaut.context.annotation.Prototype;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A small JSON client of the real embedded server, over fx-micronaut-test's {@link FxClient} (which sends every
 * request; this class keeps the suite's names and its {@link Reply}). It never throws
 * on error statuses, so tests assert on status, headers and the decoded envelope.
 *
 * <p>A {@code @MicronautTest} class injects it ({@code @Inject Api api;}): a prototype, so each test
 * instance gets its own client, as one built in {@code @BeforeEach} (or, per class, {@code @BeforeAll}) would.
 * {@link #with(Map)} and {@link #withBearer(String)} give a view that adds headers to every request and
 * shares this client's connections.
 */
@Prototype
public final class Api {

    private final FxClient client;
    private final JsonMapper json;
    private final Map<String, String> headers;

    @Inject
    public Api(EmbeddedServer server, JsonMapper json) {
        this.client = new FxClient(server, json);
        this.json = json;
        this.headers = Map.of();
    }

    /** A client of a server a test started itself, decoding with that server's {@link JsonMapper}. */
    public Api(EmbeddedServer server) {
        this(server, server.getApplicationContext().getBean(JsonMapper.class));
    }

    private Api(Api api, Map<String, String> headers) {
        this.client = api.client;
        this.json = api.json;
        this.headers = headers;
    }

    /**
     * @param extra headers to send with every request (a request's own headers of the same name win)
     * @return a view of this client that sends them, over the same connections
     */
    public Api with(Map<String, String> extra) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.putAll(extra);
        return new Api(this, Map.copyOf(all));
    }

    /** @return {@link #with(Map)} an {@code Authorization: Bearer <token>} header */
    public Api withBearer(String token) {
        return with(Map.of("Authorization", "Bearer " + token));
    }

    public Reply get(String path) {
        return send("GET", path, null, Map.of());
    }

    public Reply head(String path) {
        return send("HEAD", path, null, Map.of());
    }

    public Reply options(String path) {
        return send("OPTIONS", path, null, Map.of());
    }

    public Reply delete(String path) {
        return send("DELETE", path, null, Map.of());
    }

    public Reply post(String path, Object body) {
        return send("POST", path, body instanceof String s ? s : toJson(body), Map.of());
    }

    /** POSTs a record and returns its id, failing unless the server answered 201. */
    public String create(String path, Object body) {
        return post(path, body).createdId();
    }

    public Reply patch(String path, Object body) {
        return send("PATCH", path, body instanceof String s ? s : toJson(body), Map.of());
    }

    /** Sends a text body (or none, when null) with this client's headers only. */
    public Reply send(String method, String path, String body) {
        return send(method, path, body, Map.of());
    }

    public Reply send(String method, String path, String body, Map<String, String> headers) {
        return sendBytes(method, path, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    public Reply sendBytes(String method, String path, byte[] body, Map<String, String> requestHeaders) {
        Map<String, String> headers = requestHeaders;
        if (!this.headers.isEmpty()) {
            headers = new LinkedHashMap<>(this.headers);
            headers.putAll(requestHeaders);
        }
        FxReply reply = client.send(method, path, body, headers);
        return new Reply(reply.status(), reply.headers(), reply.text(), json);
    }

    /** Sends raw bytes with a JSON content type, for bodies a JSON writer cannot produce. */
    public Reply postBytes(String path, byte[] body) {
        return sendBytes("POST", path, body, Map.of());
    }

    /** Sends raw bytes with a JSON content type, for bodies a JSON writer cannot produce. */
    public Reply patchBytes(String path, byte[] body) {
        return sendBytes("PATCH", path, body, Map.of());
    }

    /**
     * @param collectionPath a list path such as {@code /api/articles}
     * @return {@code meta.total} of that list, to prove a refused write changed nothing
     */
    public long count(String collectionPath) {
        Reply reply = get(collectionPath + (collectionPath.contains("?") ? "&" : "?") + "limit=1");
        if (reply.status() != 200) {
            throw new IllegalStateException("cannot count " + collectionPath + ": " + reply);
        }
        return ((Number) reply.meta().get("total")).longValue();
    }

    /** URL-encodes a query parameter value. */
    public static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * Builds an encoded query string from name/value pairs: {@code query("filter", "a:eq:b", "sort", "a")}
     * gives {@code ?filter=a%3Aeq%3Ab&sort=a}. Names are encoded too, so {@code filter[0]} is safe.
     */
    public static String query(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("query needs name/value pairs");
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            out.append(i == 0 ? '?' : '&').append(q(namesAndValues[i])).append('=').append(q(namesAndValues[i + 1]));
        }
        return out.toString();
    }

    /**
     * Builds a JSON object body from name/value pairs, in order; unlike {@link Map#of} it takes null values
     * (explicit JSON nulls): {@code body("name", null, "category", "tool")}.
     */
    public static Map<String, Object> body(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("body needs name/value pairs");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            body.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return body;
    }

    /** @return the body written as JSON by the application's mapper */
    public String toJson(Object body) {
        try {
            return json.writeValueAsString(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param node a decoded JSON tree (maps)
     * @param path the keys to follow
     * @return the node at the path, or null when a key is missing
     */
    @SuppressWarnings("unchecked")
    public static <T> T at(Object node, String... path) {
        Object current = node;
        for (String key : path) {
            current = current instanceof Map<?, ?> map ? ((Map<String, Object>) map).get(key) : null;
        }
        return (T) current;
    }

    /** A decoded reply. */
    public record Reply(int status, Map<String, List<String>> headers, String text, JsonMapper json) {

        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .findFirst().map(e -> e.getValue().get(0)).orElse(null);
        }

        /** @return every value of the header, in the order received (e.g. each {@code Set-Cookie}) */
        public List<String> headers(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .flatMap(e -> e.getValue().stream()).toList();
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> body() {
            try {
                return text == null || text.isEmpty() ? Map.of() : json.readValue(text, Argument.mapOf(String.class, Object.class));
            } catch (IOException e) {
                throw new IllegalStateException("not JSON: " + text, e);
            }
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> data() {
            return (Map<String, Object>) body().get("data");
        }

        @SuppressWarnings("unchecked")
        public List<Map<String, Object>> list() {
            return (List<Map<String, Object>>) body().get("data");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> meta() {
            return (Map<String, Object>) body().get("meta");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> error() {
            return (Map<String, Object>) body().get("error");
        }

        public String code() {
            Map<String, Object> error = error();
            return error == null ? null : (String) error.get("code");
        }

        /** Asserts the reply is a 201 (naming the reply when not) and returns the created record's id. */
        public String createdId() {
            assertEquals(201, status, this::toString);
            return (String) data().get("id");
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }
}
