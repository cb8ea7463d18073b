package io.fx.micronaut.testsuite.encryption;

import com.sun.net.httpserver.HttpExchange;
import io.fx.micronaut.testsuite.support.LoopbackHttps;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Vault's KV v2 read API ({@code GET /v1/{mount}/data/{path}/{id}}, {@code X-Vault-Token}) served over HTTPS on
 * 127.0.0.1 by the JDK's {@code HttpsServer} with a self-signed certificate made by Bouncy Castle (as
 * {@code JwksServer}), and a plain-http twin. It records the paths asked for, can fail, be slow,
 * stall a body after its headers, or redirect.
 */
final class VaultServer implements AutoCloseable {

    static final String TOKEN = "s.vault-test-token-0123456789";

    private final LoopbackHttps server;
    private final Map<String, byte[]> keys = new ConcurrentHashMap<>();
    final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile int failStatus;
    private volatile long delayMillis;
    private volatile boolean redirect;
    private volatile boolean stallBody;
    private final CountDownLatch closed = new CountDownLatch(1);

    VaultServer() {
        this.server = new LoopbackHttps(this::serve, true);
    }

    private void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requests.add(path);
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (redirect && server.isHttps(exchange)) {
            exchange.getResponseHeaders().add("Location", plainUrl() + path);
            exchange.sendResponseHeaders(307, -1);
            exchange.close();
            return;
        }
        int status;
        String body;
        String prefix = "/v1/secret/data/fx-keys/";
        if (!TOKEN.equals(exchange.getRequestHeaders().getFirst("X-Vault-Token"))) {
            status = 403;
            body = "{\"errors\":[\"permission denied\"]}";
        } else if (failStatus != 0) {
            status = failStatus;
            body = "{\"errors\":[\"sealed\"]}";
        } else if (path.startsWith(prefix) && keys.containsKey(path.substring(prefix.length()))) {
            status = 200;
            body = "{\"request_id\":\"r\",\"data\":{\"data\":{\"key\":\""
                + Base64.getEncoder().encodeToString(keys.get(path.substring(prefix.length())))
                + "\"},\"metadata\":{\"version\":1}}}";
        } else {
            status = 404;
            body = "{\"errors\":[]}";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            if (stallBody) {
                // the headers and half the body, then nothing until the server closes
                out.write(bytes, 0, bytes.length / 2);
                out.flush();
                try {
                    closed.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            out.write(bytes);
        }
    }

    String url() {
        return server.httpsBase();
    }

    String plainUrl() {
        return server.plainBase();
    }

    String caPem() {
        return server.caPem();
    }

    void key(String id, byte[] key) {
        keys.put(id, key.clone());
    }

    void fail(int status) {
        this.failStatus = status;
    }

    void delay(long millis) {
        this.delayMillis = millis;
    }

    /** Sends the headers and half of each body, then stalls until {@link #close()}. */
    void stallBody() {
        this.stallBody = true;
    }

    void redirectToPlain(boolean on) {
        this.redirect = on;
    }

    long reads(String keyId) {
        return requests.stream().filter(p -> p.endsWith("/" + keyId)).count();
    }

    @Override
    public void close() {
        delayMillis = 0;
        closed.countDown();
        server.close();
    }
}
