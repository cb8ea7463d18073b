package io.fx.micronaut.testsuite.web;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 4: a body whose Content-Encoding does not match its bytes is 400 BODY_READ_ERROR with a
 * generic message, logged at WARN at most, and writes nothing; a real gzip body is still read.
 */
@MicronautTest(environments = "test")
@TestDatabase
class GzipBodyTest {

    private static final String JSON = "{\"title\":\"gz\",\"body\":\"compressed\"}";

    @Inject
    RawHttp raw;
    @Inject
    Api api;

    private RawHttp.Answer send(String method, String path, String encoding, byte[] body) {
        byte[] head = (method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Content-Encoding: " + encoding + "\r\nContent-Length: " + body.length + "\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1);
        byte[] request = new byte[head.length + body.length];
        System.arraycopy(head, 0, request, 0, head.length);
        System.arraycopy(body, 0, request, head.length, body.length);
        return raw.send(request);
    }

    @ParameterizedTest
    @CsvSource({"gzip, POST", "gzip, PATCH", "deflate, POST", "x-gzip, POST"})
    void aBodyThatIsNotWhatItsEncodingSaysIs400(String encoding, String method) {
        String path = method.equals("POST") ? ARTICLES : ARTICLES + "/" + api.post(ARTICLES,
            Map.of("title", "kept", "body", "b")).data().get("id");
        long before = api.count(ARTICLES);
        try (LogCapture log = new LogCapture("ROOT")) {
            RawHttp.Answer answer = send(method, path, encoding, JSON.getBytes(StandardCharsets.UTF_8));
            Map<String, Object> error = assertEnvelope(answer, 400, "BODY_READ_ERROR");
            String message = (String) error.get("message");
            assertFalse(message.contains("GZIP") || message.contains("Exception") || message.contains("decompression"),
                message);
            for (ILoggingEvent event : log.events()) {
                assertFalse(event.getLevel().isGreaterOrEqual(Level.ERROR), "logged at ERROR: " + event.getFormattedMessage());
            }
        }
        assertEquals(before, api.count(ARTICLES), "nothing written");
        if (method.equals("PATCH")) {
            assertEquals("kept", api.get(path).data().get("title"));
        }
    }

    @Test
    void aRealGzipBodyIsRead() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(JSON.getBytes(StandardCharsets.UTF_8));
        }
        RawHttp.Answer answer = send("POST", ARTICLES, "gzip", bytes.toByteArray());
        assertEquals(201, answer.status(), answer.toString());
        assertTrue(answer.body().contains("\"compressed\""), answer.toString());
    }
}
