package io.fx.micronaut.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.FxReply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code curl} does in the README's walk-throughs: sends a request to the running server, with optional
 * headers, and hands back status, headers and the decoded JSON envelope. Never throws on error statuses. The
 * requests go through fx-micronaut-test's {@link FxClient}, which newer tests use directly.
 */
public final class Client {

    /** Configured once, read-only afterwards (Jackson's mappers are thread-safe then). */
    private static final ObjectMapper JSON = new ObjectMapper();
    private final FxClient client;

    public Client(String base) {
        this.client = FxClient.at(base);
    }

    public Reply get(String path) {
        return send("GET", path, null);
    }

    public Reply delete(String path) {
        return send("DELETE", path, null);
    }

    public Reply post(String path, String body) {
        return send("POST", path, body);
    }

    public Reply patch(String path, String body) {
        return send("PATCH", path, body);
    }

    public Reply send(String method, String path, String body, String... headers) {
        Map<String, List<String>> multi = new LinkedHashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            multi.computeIfAbsent(headers[i], name -> new ArrayList<>()).add(headers[i + 1]);
        }
        FxReply reply = client.request(method, path, body, multi);
        return new Reply(reply.status(), reply.text(), HttpHeaders.of(reply.headers(), (name, value) -> true));
    }

    /** @return {@code Authorization: Bearer <token>} as header arguments */
    public static String[] bearer(String token) {
        return new String[] {"Authorization", "Bearer " + token};
    }

    /** A reply: status, raw body and its JSON decoding, headers. */
    public record Reply(int status, String text, HttpHeaders headers) {

        /** @return the first value of the header, or null */
        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        /** @return the {@code Location} header, or null */
        public String location() {
            return header("Location");
        }

        /** @return the {@code WWW-Authenticate} challenge, or null */
        public String challenge() {
            return header("WWW-Authenticate");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> body() {
            try {
                return text.isEmpty() ? Map.of() : JSON.readValue(text, Map.class);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + text, e);
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
        public Map<String, Object> error() {
            return (Map<String, Object>) body().get("error");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> meta() {
            return (Map<String, Object>) body().get("meta");
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }
}
