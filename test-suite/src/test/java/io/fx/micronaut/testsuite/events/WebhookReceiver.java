package io.fx.micronaut.testsuite.events;

import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A webhook receiver on a loopback port: the JDK's {@link HttpServer}, answering each path as a test scripted it
 * (a queue of answers, then a default), and keeping every request it received.
 */
final class WebhookReceiver implements AutoCloseable {

    /** One answer: a status, headers, and how long to wait before sending it. */
    record Answer(int status, Map<String, String> headers, long delayMillis) {
        static Answer of(int status) {
            return new Answer(status, Map.of(), 0);
        }

        static Answer of(int status, String header, String value) {
            return new Answer(status, Map.of(header, value), 0);
        }

        static Answer slow(int status, long delayMillis) {
            return new Answer(status, Map.of(), delayMillis);
        }
    }

    /** One request as received. */
    record Request(String path, Map<String, List<String>> headers, byte[] body, long receivedAtNanos) {
        String header(String name) {
            for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(name)) {
                    return entry.getValue().get(0);
                }
            }
            return null;
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** Verifies the Standard Webhooks signature with the reference library, as a receiver would. */
        void verify(String secret) throws Exception {
            new Webhook(secret).verify(text(), headers);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, Deque<Answer>> scripts = new ConcurrentHashMap<>();
    private final Map<String, Answer> defaults = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();

    WebhookReceiver() throws IOException {
        this(InetAddress.getLoopbackAddress());
    }

    WebhookReceiver(InetAddress address) throws IOException {
        server = HttpServer.create(new InetSocketAddress(address, 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** @return {@code http://127.0.0.1:<port><path>} */
    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** Answers the path with these, in turn, then with 204. */
    WebhookReceiver script(String path, Answer... answers) {
        scripts.put(path, new ConcurrentLinkedDeque<>(List.of(answers)));
        return this;
    }

    /** Answers the path with this once its script is spent. */
    WebhookReceiver always(String path, Answer answer) {
        defaults.put(path, answer);
        return this;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        requests.add(new Request(path, Map.copyOf(exchange.getRequestHeaders()), body, System.nanoTime()));
        Deque<Answer> script = scripts.get(path);
        Answer answer = script == null || script.isEmpty() ? defaults.getOrDefault(path, Answer.of(204))
            : script.poll();
        try {
            if (answer.delayMillis() > 0) {
                Thread.sleep(answer.delayMillis());
            }
            answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            exchange.sendResponseHeaders(answer.status(), -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the sender gave up (its timeout): nothing to answer
        } finally {
            exchange.close();
        }
    }

    /** @return the requests to the path so far */
    List<Request> requests(String path) {
        List<Request> matching = new ArrayList<>();
        for (Request request : requests) {
            if (request.path().equals(path)) {
                matching.add(request);
            }
        }
        return matching;
    }

    /** Waits (at most 20 s) until the path has had this many requests, and returns them. */
    List<Request> await(String path, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (requests(path).size() < count) {
            if (System.nanoTime() > deadline) {
                fail(path + " received " + requests(path).size() + " of " + count + " requests");
            }
            Thread.sleep(20);
        }
        return requests(path);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
