package io.fx.micronaut.examples.security;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** What {@code curl} does in the README's security walk-through, with an optional credential header. */
final class Client {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    Client(String base) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    Reply send(String method, String path, String body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body(),
                response.headers().firstValue("WWW-Authenticate").orElse(null), response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** @return {@code Authorization: Bearer <token>} as header arguments */
    static String[] bearer(String token) {
        return new String[] {"Authorization", "Bearer " + token};
    }

    /** A reply: status, body and its JSON decoding, the {@code WWW-Authenticate} challenge, all headers. */
    record Reply(int status, String text, String challenge, HttpHeaders headers) {

        /** @return the first value of the header, or null */
        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> body() {
            try {
                return text.isEmpty() ? Map.of() : JSON.readValue(text, Map.class);
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
        Map<String, Object> error() {
            return (Map<String, Object>) body().get("error");
        }

        @Override
        public String toString() {
            return status + " " + text;
        }
    }
}
