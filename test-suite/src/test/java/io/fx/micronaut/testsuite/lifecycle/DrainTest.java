package io.fx.micronaut.testsuite.lifecycle;

import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.lifecycle.ReadinessState;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class DrainTest {

    @Test
    void inFlightRequestsFinishWhileReadyAnswers503() throws Exception {
        EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
            Databases.config("DrainTest", "fx.shutdown-timeout", "10s"));
        ApplicationContext context = server.getApplicationContext();
        FxLifecycle lifecycle = context.getBean(FxLifecycle.class);
        SlowMiddleware slow = context.getBean(SlowMiddleware.class);
        String base = server.getURL().toString();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpClient probeClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        assertEquals(200, get(probeClient, base + "/api/ready").statusCode(), "ready before shutdown");

        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(
            HttpRequest.newBuilder(URI.create(base + "/api/widgets")).timeout(Duration.ofSeconds(20))
                .header("X-Slow-Millis", "2500").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(slow.entered.await(10, TimeUnit.SECONDS), "the slow request reached the pipeline");

        CompletableFuture<Void> stopping = CompletableFuture.runAsync(server::stop);
        long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (lifecycle.getState() != ReadinessState.STOPPING && System.nanoTime() < waitUntil) {
            Thread.sleep(10);
        }
        assertEquals(ReadinessState.STOPPING, lifecycle.getState());
        HttpResponse<String> ready = get(probeClient, base + "/api/ready");
        assertEquals(503, ready.statusCode(), "ready answers 503 while draining, on a kept-alive connection");
        assertTrue(ready.body().contains("stopping"), ready.body());

        HttpResponse<String> finished = inFlight.get(20, TimeUnit.SECONDS);
        assertEquals(200, finished.statusCode(), "the in-flight request completed during the drain");
        stopping.get(20, TimeUnit.SECONDS);
        assertEquals(0, lifecycle.getInFlight());
    }

    private static HttpResponse<String> get(HttpClient client, String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    }
}
