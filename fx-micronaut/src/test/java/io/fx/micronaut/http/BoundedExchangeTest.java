package io.fx.micronaut.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against a real socket that answers as a broken or slow server would. */
class BoundedExchangeTest {

    private static final Duration DEADLINE = Duration.ofMillis(1500);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final CountDownLatch release = new CountDownLatch(1);
    private ServerSocket server;

    @AfterEach
    void stop() throws IOException {
        release.countDown();
        if (server != null) {
            server.close();
        }
    }

    /** Serves one connection: writes {@code answer}, then holds the connection open until the test ends. */
    private URI serving(byte[] answer) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            try (Socket socket = server.accept()) {
                InputStream in = socket.getInputStream();
                in.read(new byte[8192]);
                OutputStream out = socket.getOutputStream();
                out.write(answer);
                out.flush();
                release.await(30, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // the test closed the server
            }
        }, "bounded-exchange-test-server");
        thread.setDaemon(true);
        thread.start();
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/keys");
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private HttpRequest get(URI uri) {
        // the client's own timeout, which ends once the headers arrive, is set as callers set it
        return HttpRequest.newBuilder(uri).timeout(DEADLINE).GET().build();
    }

    @Test
    void aCompleteResponseIsReturnedWithItsBody() throws Exception {
        URI uri = serving(ascii("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"));

        HttpResponse<byte[]> response = BoundedExchange.send(client, get(uri), DEADLINE, 5);

        assertEquals(200, response.statusCode());
        assertArrayEquals(ascii("hello"), response.body());
    }

    @Test
    void aBodyThatStallsAfterTheHeadersEndsAtTheDeadline() throws Exception {
        URI uri = serving(ascii("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc"));

        HttpTimeoutException thrown = assertTimeoutPreemptively(Duration.ofSeconds(10),
            () -> assertThrows(HttpTimeoutException.class, () -> BoundedExchange.send(client, get(uri), DEADLINE, 1000)));

        assertTrue(thrown.getMessage().contains("within"), thrown.getMessage());
    }

    @Test
    void aServerThatNeverAnswersEndsAtTheDeadline() throws Exception {
        URI uri = serving(new byte[0]);

        assertTimeoutPreemptively(Duration.ofSeconds(10),
            () -> assertThrows(HttpTimeoutException.class, () -> BoundedExchange.send(client, get(uri), DEADLINE, 1000)));
    }

    @Test
    void aBodyLargerThanTheLimitIsRefused() throws Exception {
        URI uri = serving(ascii("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world"));

        IOException thrown = assertThrows(IOException.class, () -> BoundedExchange.send(client, get(uri), DEADLINE, 10));

        assertEquals("the response body exceeds 10 bytes", thrown.getMessage());
    }

    @Test
    void aNegativeLimitIsAMistake() {
        assertThrows(IllegalArgumentException.class,
            () -> BoundedExchange.send(client, get(URI.create("http://127.0.0.1:9/")), DEADLINE, -1));
    }
}
