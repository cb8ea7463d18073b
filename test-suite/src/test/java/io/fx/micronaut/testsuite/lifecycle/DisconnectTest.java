package io.fx.micronaut.testsuite.lifecycle;

import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client that disconnects mid-request: logged as 499 and its write rolled back. */
@MicronautTest(environments = "test")
@Property(name = "spec.name", value = "DisconnectTest")
@TestDatabase
class DisconnectTest {

    @Inject
    EmbeddedServer server;
    @Inject
    Api api;
    @Inject
    SlowMiddleware slow;
    @Inject
    FxLifecycle lifecycle;

    @Test
    void aDisconnectedClientsWriteIsRolledBackAndLoggedAs499() throws Exception {
        try (LogCapture capture = new LogCapture("io.fx.micronaut.pipeline.PipelineExecutor")) {
            String body = "{\"name\":\"gone-away\"}";
            try (Socket socket = new Socket("127.0.0.1", server.getPort())) {
                socket.setSoTimeout(5000);
                OutputStream out = socket.getOutputStream();
                out.write(("POST /api/widgets HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "X-Slow-Millis: 1000\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.UTF_8));
                out.flush();
                assertTrue(slow.entered.await(10, TimeUnit.SECONDS), "the request reached the pipeline");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (lifecycle.getInFlight() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(0, lifecycle.getInFlight());
            Api.Reply list = api.get("/api/widgets?filter=" + Api.q("name:eq:gone-away"));
            assertEquals(0, ((Number) list.meta().get("total")).intValue(), "the write was rolled back");
            String log = capture.text();
            assertTrue(log.contains("499 client closed the connection during Widget CREATE"), log);
        }
    }
}
