package io.fx.micronaut.examples.events;

import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import io.fx.micronaut.examples.security.BlogServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The events README's receiver ({@link WebhookReceiver}) behind a loopback HTTP server, fed by the blog's webhook
 * ({@code BLOG_WEBHOOK_URL}): a real signed delivery of {@code post.created} is verified and handed on once; the same
 * delivery again is acknowledged without being handed on; an altered body, or a receiver holding another secret,
 * answers 401.
 */
class WebhookReceiverTest {

    private static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(
        "fake-readme-receiver-secret-0001".getBytes(StandardCharsets.US_ASCII));
    private static final String OTHER_SECRET = "whsec_" + Base64.getEncoder().encodeToString(
        "fake-readme-receiver-secret-0002".getBytes(StandardCharsets.US_ASCII));

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Delivery(byte[] body, Headers headers, int status) {
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aSignedDeliveryIsVerifiedAndHandedOnOnce() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        List<Delivery> deliveries = new CopyOnWriteArrayList<>();
        WebhookReceiver receiver = new WebhookReceiver(new Webhook(SECRET), events::add);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hooks/fx", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Headers headers = new Headers();
            headers.putAll(exchange.getRequestHeaders());
            int status = receiver.receive(body, headers);
            deliveries.add(new Delivery(body, headers, status));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_EVENTS", "true",
                 "BLOG_WEBHOOK_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/fx",
                 "BLOG_WEBHOOK_SECRET", SECRET, "BLOG_WEBHOOK_EVENTS", "post.created",
                 "BLOG_WEBHOOK_ALLOWED_NETWORKS", "127.0.0.0/8", "BLOG_WEBHOOK_RETRY", "1s,1s"))) {
            HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(blog.url() + "/api/posts"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"Received\",\"body\":\"b\",\"slug\":\"received\"}"))
                .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            assertEquals(201, created.statusCode(), created.body());
            await(() -> !events.isEmpty(), "the post.created delivery");
        } finally {
            server.stop(0);
        }
        assertEquals(1, events.size(), events.toString());
        assertTrue(events.get(0).contains("\"type\":\"post.created\"") && events.get(0).contains("\"title\":\"Received\""),
            events.get(0));
        Delivery delivery = deliveries.get(0);
        assertEquals(200, delivery.status());

        assertEquals(200, receiver.receive(delivery.body(), delivery.headers()), "a redelivery is acknowledged");
        assertEquals(1, events.size(), "a redelivery is not handed on again");

        byte[] altered = new String(delivery.body(), StandardCharsets.UTF_8).replace("Received", "Forged")
            .getBytes(StandardCharsets.UTF_8);
        assertEquals(401, receiver.receive(altered, delivery.headers()), "an altered body");
        List<String> elsewhere = new CopyOnWriteArrayList<>();
        assertEquals(401, new WebhookReceiver(new Webhook(OTHER_SECRET), elsewhere::add)
            .receive(delivery.body(), delivery.headers()), "another secret");
        assertTrue(elsewhere.isEmpty());
    }
}
