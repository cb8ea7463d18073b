package io.fx.micronaut.test;

import io.fx.micronaut.http.BoundedExchange;

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

/** The default {@link FxTransport}: the JDK HTTP client, to a server at a base URL. */
final class HttpTransport implements FxTransport {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** The whole exchange, body included (the JDK client's own request timeout ends with the headers). */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    private final String base;
    private final Duration requestTimeout;

    HttpTransport(String base) {
        this(base, REQUEST_TIMEOUT);
    }

    HttpTransport(String base, Duration requestTimeout) {
        this.requestTimeout = requestTimeout;
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    @Override
    public Response exchange(String method, String path, Map<String, List<String>> headers, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(requestTimeout)
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        try {
            HttpResponse<byte[]> response = BoundedExchange.send(client, request.build(), requestTimeout, MAX_BODY_BYTES);
            return new Response(response.statusCode(), response.headers().map(),
                new String(response.body(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + " was interrupted", e);
        }
    }
}
