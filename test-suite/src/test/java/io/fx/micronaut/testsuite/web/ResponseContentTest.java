package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 5: an {@code FxResponse} carries a body that is not JSON (bytes or a stream, with its content
 * type, a length when known and a {@code Content-Disposition} whose file name survives any script), or a
 * redirect; HEAD answers the headers only; a failure is still the error envelope.
 */
@MicronautTest(environments = "test")
@Property(name = "spec.name", value = ResponseContentBeans.SPEC)
@TestDatabase
class ResponseContentTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<byte[]> send(String method, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(server.getURL() + path)).timeout(Duration.ofSeconds(10))
            .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    @Test
    void aBinaryDownloadIsSentAsItIsWithItsFileName() throws Exception {
        HttpResponse<byte[]> pdf = send("GET", "/api/files/report");
        assertEquals(200, pdf.statusCode());
        assertArrayEquals(ResponseContentBeans.PDF, pdf.body());
        assertEquals("application/pdf", header(pdf, "Content-Type"));
        assertEquals(String.valueOf(ResponseContentBeans.PDF.length), header(pdf, "Content-Length"));
        assertEquals("attachment; filename=\"r_sum_ 2024.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9%202024.pdf",
            header(pdf, "Content-Disposition"));
        assertFalse(header(pdf, "X-Request-Id").isBlank());
    }

    @Test
    void aStreamIsSentWithItsLengthOrChunked() throws Exception {
        HttpResponse<byte[]> csv = send("GET", "/api/files/export");
        assertEquals(200, csv.statusCode());
        assertEquals(ResponseContentBeans.CSV, new String(csv.body(), StandardCharsets.UTF_8));
        assertEquals("text/csv; charset=utf-8", header(csv, "Content-Type"));
        assertEquals(String.valueOf(ResponseContentBeans.CSV.getBytes(StandardCharsets.UTF_8).length),
            header(csv, "Content-Length"));
        assertEquals("attachment; filename=\"posts.csv\"", header(csv, "Content-Disposition"));
        HttpResponse<byte[]> feed = send("GET", "/api/files/feed");
        assertEquals(200, feed.statusCode());
        assertEquals("{\"n\":1}\n{\"n\":2}\n", new String(feed.body(), StandardCharsets.UTF_8));
        assertEquals("application/x-ndjson", header(feed, "Content-Type"));
        assertEquals("chunked", header(feed, "Transfer-Encoding"));
    }

    @Test
    void headAnswersTheHeadersOfADownloadWithoutItsBody() throws Exception {
        for (String path : new String[] {"/api/files/report", "/api/files/export"}) {
            HttpResponse<byte[]> head = send("HEAD", path);
            HttpResponse<byte[]> get = send("GET", path);
            assertEquals(200, head.statusCode(), path);
            assertEquals(0, head.body().length, path);
            assertEquals(header(get, "Content-Type"), header(head, "Content-Type"), path);
            assertEquals(header(get, "Content-Length"), header(head, "Content-Length"), path);
            assertEquals(header(get, "Content-Disposition"), header(head, "Content-Disposition"), path);
        }
    }

    @Test
    void aRedirectHasItsStatusAndLocationAndNoBody() throws Exception {
        HttpResponse<byte[]> seeOther = send("POST", "/api/go/created");
        assertEquals(303, seeOther.statusCode());
        assertEquals("/api/gadgets?sort=-created_at", header(seeOther, "Location"));
        assertEquals(0, seeOther.body().length);
        assertFalse(header(seeOther, "X-Request-Id").isBlank());
        HttpResponse<byte[]> moved = send("GET", "/api/go/moved");
        assertEquals(307, moved.statusCode());
        assertEquals("https://example.com/elsewhere", header(moved, "Location"));
    }

    @Test
    void aFailureIsStillTheErrorEnvelope() throws Exception {
        Api.Reply missing = new Api(server, json).get("/api/files/missing");
        assertEquals(404, missing.status());
        assertEquals("NOT_FOUND", missing.code());
        assertEquals("No such file", missing.error().get("message"));
        assertTrue(missing.header("Content-Type").startsWith("application/json"));
        assertFalse(missing.header("X-Request-Id").isBlank());
    }
}
