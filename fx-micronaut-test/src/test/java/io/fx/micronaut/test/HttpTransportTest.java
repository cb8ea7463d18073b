package io.fx.micronaut.test;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The test client's transport against a real socket that stalls, as a hung application would. */
class HttpTransportTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private ServerSocket server;

    @AfterEach
    void stop() throws IOException {
        release.countDown();
        server.close();
    }

    private String serving(String answer) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            try (Socket socket = server.accept()) {
                socket.getInputStream().read(new byte[8192]);
                OutputStream out = socket.getOutputStream();
                out.write(answer.getBytes(StandardCharsets.US_ASCII));
                out.flush();
                release.await(30, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // the test closed the server
            }
        }, "http-transport-test-server");
        thread.setDaemon(true);
        thread.start();
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    @Test
    void anAnswerIsReadWhole() throws IOException {
        HttpTransport transport = new HttpTransport(serving("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"),
            Duration.ofSeconds(5));

        FxTransport.Response response = transport.exchange("GET", "/api/ready", Map.of(), null);

        assertEquals(200, response.status());
        assertEquals("{}", response.body());
    }

    @Test
    void aBodyThatStallsAfterItsHeadersFailsTheCallAtTheTimeout() throws IOException {
        HttpTransport transport = new HttpTransport(serving("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"da"),
            Duration.ofMillis(1500));

        UncheckedIOException thrown = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
            UncheckedIOException.class, () -> transport.exchange("GET", "/api/posts", Map.of("Accept",
                List.of("application/json")), null)));

        assertInstanceOf(HttpTimeoutException.class, thrown.getCause());
    }
}
