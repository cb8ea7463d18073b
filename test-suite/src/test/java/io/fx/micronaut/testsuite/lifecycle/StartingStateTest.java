package io.fx.micronaut.testsuite.lifecycle;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** While startup is still under way, /ready answers 503 starting and /live 200. */
@TestDatabase
class StartingStateTest {

    @Test
    void readyIs503UntilStartupHasFinished() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        CompletableFuture<EmbeddedServer> starting = CompletableFuture.supplyAsync(() ->
            ApplicationContext.run(EmbeddedServer.class,
                Databases.config("StartingStateTest", "micronaut.server.port", port)));
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpResponse<String> ready = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ready == null && System.nanoTime() < deadline && !starting.isDone()) {
            try {
                ready = get(client, port, "/api/ready");
            } catch (ConnectException | HttpTimeoutException e) {
                Thread.sleep(20);
            }
        }
        try (EmbeddedServer server = starting.get(30, TimeUnit.SECONDS)) {
            assertEquals(503, ready.statusCode(), "ready while starting");
            assertEquals("{\"status\":\"starting\"}", ready.body());
            assertEquals(200, get(client, port, "/api/ready").statusCode(), "ready once started");
            assertEquals(port, server.getPort());
        }
    }

    private static HttpResponse<String> get(HttpClient client, int port, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
