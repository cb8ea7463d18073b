package io.fx.micronaut.examples.blog;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What {@code curl} does in the walk-through: sends a request to the running server and hands back
 * status, headers and the decoded JSON envelope. Never throws on error statuses.
 */
final class Http {

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final JsonMapper json;

    Http(String base, JsonMapper json) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.json = json;
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    Reply post(String path, String body) {
        return send("POST", path, body);
    }

    Reply patch(String path, String body) {
        return send("PATCH", path, body);
    }

    private Reply send(String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.headers().firstValue("Location").orElse(null),
                response.body(), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A reply: status, {@code Location} header, raw body and its JSON decoding. */
    record Reply(int status, String location, String text, JsonMapper json) {

        Map<String, Object> body() {
            try {
                return text.isEmpty() ? Map.of() : json.readValue(text, Argument.mapOf(String.class, Object.class));
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + text, e);
            }
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> data() {
            return (Map<String, Object>) body().get("data");
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> list() {
            return (List<Map<String, Object>>) body().get("data");
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> meta() {
            return (Map<String, Object>) body().get("meta");
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }
}
