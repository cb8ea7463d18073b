package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpExchange;
import io.fx.micronaut.testsuite.support.LoopbackHttps;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A key set served over HTTPS on 127.0.0.1 by the JDK's {@code HttpsServer}, with a self-signed
 * certificate made with Bouncy Castle (trust it through {@code ca-cert}); it counts fetches, can fail,
 * serve an oversized body, stall a body after its headers, or redirect to a plain-http twin.
 */
final class JwksServer implements AutoCloseable {

    private final LoopbackHttps server;
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile String body = "{\"keys\":[]}";
    private volatile int status = 200;
    private volatile boolean redirect;
    private volatile long delayMillis;
    private volatile boolean stallBody;
    private final CountDownLatch closed = new CountDownLatch(1);

    JwksServer() {
        this.server = new LoopbackHttps(this::serve, false);
    }

    private void serve(HttpExchange exchange) throws IOException {
        fetches.incrementAndGet();
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (redirect && server.isHttps(exchange)) {
            exchange.getResponseHeaders().add("Location", plainUrl());
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
            return;
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            if (stallBody) {
                // the headers and half the body, then nothing until the server closes
                out.write(bytes, 0, bytes.length / 2);
                out.flush();
                awaitClose();
            }
            out.write(bytes);
        }
    }

    String url() {
        return server.httpsBase() + "/jwks.json";
    }

    String plainUrl() {
        return server.plainBase() + "/jwks.json";
    }

    String caPem() {
        return server.caPem();
    }

    void keys(JWK... keys) {
        this.body = new JWKSet(List.of(keys)).toString(true);
        this.status = 200;
    }

    void body(String text) {
        this.body = text;
    }

    void fail(int failStatus) {
        this.status = failStatus;
    }

    void delay(long millis) {
        this.delayMillis = millis;
    }

    /** Sends the headers and half of each body, then stalls until {@link #close()}. */
    void stallBody() {
        this.stallBody = true;
    }

    private void awaitClose() {
        try {
            closed.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void redirectToPlain(boolean on) {
        this.redirect = on;
    }

    int fetches() {
        return fetches.get();
    }

    @Override
    public void close() {
        delayMillis = 0;
        closed.countDown();
        server.close();
    }
}
