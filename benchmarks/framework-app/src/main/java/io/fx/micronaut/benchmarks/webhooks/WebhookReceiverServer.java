package io.fx.micronaut.benchmarks.webhooks;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The webhook benchmark's receiver: the JDK's {@link HttpServer} on the loopback interface, which, as a real
 * receiver would, verifies each delivery's Standard Webhooks signature with the reference library
 * ({@code com.standardwebhooks:standardwebhooks}) over the raw body, then records its {@code webhook-id}, its
 * CloudEvent {@code time} and its arrival time, and answers.
 *
 * <ul>
 *     <li>{@code POST /hook}: a delivery. A signature that does not verify (or a body without a CloudEvent
 *     {@code time}) answers 401 and is counted as rejected; otherwise, after {@code --latency-ms} (a slow
 *     receiver), it answers {@code --status} (204).</li>
 *     <li>{@code GET /report}: one line of figures, see {@link Arrivals#report()}.</li>
 *     <li>{@code POST /reset}: forgets what was received (after a warm-up).</li>
 * </ul>
 *
 * <p>Arguments: {@code --port P [--status 204] [--latency-ms 0] [--threads 64]}; the secret ({@code whsec_...})
 * comes from the environment variable {@code BENCH_WEBHOOK_SECRET}, so that it stays out of the process list.
 * The arrival time is taken when the request reaches the handler, before the simulated latency.</p>
 *
 * @since 0.9.0
 */
public final class WebhookReceiverServer {

    private final Webhook webhook;
    private final Arrivals arrivals = new Arrivals();
    private final int status;
    private final long latencyMillis;

    private WebhookReceiverServer(Webhook webhook, int status, long latencyMillis) {
        this.webhook = webhook;
        this.status = status;
        this.latencyMillis = latencyMillis;
    }

    /**
     * @param args see the class documentation
     * @throws Exception when the receiver cannot start (the process exits non-zero)
     */
    public static void main(String[] args) throws Exception {
        Arguments arguments = Arguments.parse(args);
        int port = Integer.parseInt(arguments.required("port"));
        int status = arguments.integer("status", 204);
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException("--status must be an HTTP status from 200 to 599");
        }
        int latency = arguments.integer("latency-ms", 0);
        int threads = Math.max(1, arguments.integer("threads", 64));
        String secret = System.getenv("BENCH_WEBHOOK_SECRET");
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("BENCH_WEBHOOK_SECRET (whsec_...) must be set");
        }
        WebhookReceiverServer receiver = new WebhookReceiverServer(new Webhook(secret.strip()), status, latency);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        AtomicInteger count = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "receiver-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/hook", receiver::hook);
        server.createContext("/report", receiver::report);
        server.createContext("/reset", receiver::reset);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop(0);
            executor.shutdownNow();
        }));
        server.start();
        System.out.println("receiver listening on 127.0.0.1:" + port + " (answers " + status + " after " + latency
            + " ms, " + threads + " threads)");
    }

    private void hook(HttpExchange exchange) throws IOException {
        try (exchange) {
            Instant now = Instant.now();
            long arrival = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            arrivals.request();
            byte[] body = exchange.getRequestBody().readAllBytes();
            Headers headers = exchange.getRequestHeaders();
            String id = headers.getFirst("webhook-id");
            OptionalLong eventTime = CloudEventTime.micros(body);
            if (!verified(body, headers) || id == null || eventTime.isEmpty()) {
                arrivals.rejected();
                exchange.sendResponseHeaders(401, -1);
                return;
            }
            arrivals.delivered(id, eventTime.getAsLong(), arrival);
            if (latencyMillis > 0) {
                Thread.sleep(latencyMillis);
            }
            exchange.sendResponseHeaders(status, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean verified(byte[] body, Headers headers) {
        try {
            webhook.verify(new String(body, StandardCharsets.UTF_8), headers);
            return true;
        } catch (WebhookVerificationException e) {
            return false;
        }
    }

    private void report(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] line = (arrivals.report() + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(200, line.length);
            exchange.getResponseBody().write(line);
        }
    }

    private void reset(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            arrivals.reset();
            exchange.sendResponseHeaders(204, -1);
        }
    }
}
