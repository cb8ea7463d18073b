package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.BinaryBodyMediaType;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.write.Padded;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertEnvelope;
import static io.fx.micronaut.testsuite.web.StreamingBodyBeans.CREATE_LIMIT;
import static io.fx.micronaut.testsuite.web.StreamingBodyBeans.UPLOAD_LIMIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 5: an action streams a binary or multipart body it reads as it arrives; a {@code BodySizeLimit}
 * sets a route's limit: exactly the limit passes, one byte more is 413 {@code BODY_TOO_LARGE}, a declared
 * {@code Content-Length} over it is refused before the body is sent, and a chunked body is refused when its
 * byte {@code limit + 1} arrives, without waiting for its end, on an action and on a JSON create alike.
 */
@MicronautTest(environments = "test")
@Property(name = "spec.name", value = StreamingBodyBeans.SPEC)
@Property(name = BinaryBodyMediaType.ENABLED, value = "true")
@TestDatabase
class StreamingBodyTest {

    private static final String GADGETS = "/api/gadgets";
    private static final String OCTETS = "application/octet-stream";

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    Api api;
    @Inject
    RawHttp raw;

    private static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) 'a');
        return bytes;
    }

    private Api.Reply upload(byte[] body) {
        return api.sendBytes("POST", "/api/uploads/count", body, Map.of("Content-Type", OCTETS));
    }

    /** Sends a body without a length, as chunks the JDK client cuts from a stream. */
    private HttpResponse<String> uploadChunked(String path, String contentType, byte[] body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.getURL() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** The request head, then the given chunks, without the last (empty) chunk: the body never ends. */
    private RawHttp.Answer chunkedWithoutEnd(String path, String contentType, byte[]... chunks) {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + contentType
            + "\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        for (byte[] chunk : chunks) {
            request.writeBytes((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            request.writeBytes(chunk);
            request.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        return raw.send(request.toByteArray());
    }

    /** The request head declaring a length, and only the first bytes of the body. */
    private RawHttp.Answer declaredButCut(String path, String contentType, long declared, byte[] sent) {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + contentType
            + "\r\nContent-Length: " + declared + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(sent);
        return raw.send(request.toByteArray());
    }

    @Test
    void anActionStreamsABinaryBodyUpToExactlyItsLimit() throws Exception {
        Api.Reply small = upload(bytes(300));
        assertEquals(200, small.status(), small.toString());
        assertEquals(Map.of("bytes", 300, "max", UPLOAD_LIMIT), small.body());
        Api.Reply exact = upload(bytes(UPLOAD_LIMIT));
        assertEquals(200, exact.status(), exact.toString());
        assertEquals(UPLOAD_LIMIT, exact.body().get("bytes"));
        HttpResponse<String> chunked = uploadChunked("/api/uploads/count", OCTETS, bytes(UPLOAD_LIMIT));
        assertEquals(200, chunked.statusCode(), chunked.body());
        assertEquals(Map.of("bytes", UPLOAD_LIMIT, "max", UPLOAD_LIMIT), json.readValue(chunked.body(), Map.class));
    }

    @Test
    void oneByteOverTheLimitIsBodyTooLarge() throws Exception {
        Api.Reply over = upload(bytes(UPLOAD_LIMIT + 1));
        assertEquals(413, over.status(), over.toString());
        assertEquals("BODY_TOO_LARGE", over.code());
        assertEquals("The request body exceeds the limit of " + UPLOAD_LIMIT + " bytes", over.error().get("message"));
        assertNotNull(over.header("X-Request-Id"));
        HttpResponse<String> chunked = uploadChunked("/api/uploads/count", OCTETS, bytes(UPLOAD_LIMIT + 1));
        assertEquals(413, chunked.statusCode(), chunked.body());
        assertTrue(chunked.body().contains("\"BODY_TOO_LARGE\""), chunked.body());
    }

    @Test
    void theActionReadsTheStreamBeforeTheRestOfTheBodyIsSent() {
        RawHttp.Answer answer = declaredButCut("/api/uploads/first", OCTETS, 1000, "abcd".getBytes(StandardCharsets.US_ASCII));
        assertEquals(200, answer.status(), answer.toString());
        assertEquals("{\"first\":\"abcd\"}", answer.body());
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeTheBodyIsSent() {
        assertEnvelope(declaredButCut("/api/uploads/count", OCTETS, 100_000_000, new byte[0]), 413, "BODY_TOO_LARGE");
        assertEnvelope(declaredButCut(GADGETS, "application/json", CREATE_LIMIT + 1, "{".getBytes(StandardCharsets.UTF_8)),
            413, "BODY_TOO_LARGE");
    }

    @Test
    void theRoutesLimitIsCheckedAfterTheCallerAndTheServersBeforeAnything() {
        byte[] some = bytes(100);
        assertEnvelope(declaredButCut("/api/uploads/guarded", OCTETS, UPLOAD_LIMIT + 1, some), 403, "FORBIDDEN");
        Map<String, Object> error = assertEnvelope(declaredButCut("/api/uploads/guarded", OCTETS, 20_000_000, some),
            413, "BODY_TOO_LARGE");
        assertEquals("The request body exceeds the server limit", error.get("message"));
        Api.Reply allowed = api.sendBytes("POST", "/api/uploads/guarded", bytes(UPLOAD_LIMIT + 1),
            Map.of("Content-Type", OCTETS, "X-Uploader", "yes"));
        assertEquals(413, allowed.status(), allowed.toString());
    }

    @Test
    void aChunkedBodyIsRefusedWhenByteLimitPlusOneArrivesWithoutWaitingForItsEnd() {
        assertEnvelope(chunkedWithoutEnd("/api/uploads/count", OCTETS, bytes(1000), bytes(UPLOAD_LIMIT + 1 - 1000)),
            413, "BODY_TOO_LARGE");
        long before = api.count(GADGETS);
        byte[] gadget = Padded.gadget(CREATE_LIMIT + 1);
        assertEnvelope(chunkedWithoutEnd(GADGETS, "application/json", Arrays.copyOf(gadget, 100),
            Arrays.copyOfRange(gadget, 100, gadget.length)), 413, "BODY_TOO_LARGE");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void aJsonCreateHasTheLimitTheSeamGivesIt() throws Exception {
        long before = api.count(GADGETS);
        assertEquals(201, api.postBytes(GADGETS, Padded.gadget(CREATE_LIMIT)).status());
        Api.Reply over = api.postBytes(GADGETS, Padded.gadget(CREATE_LIMIT + 1));
        assertEquals(413, over.status(), over.toString());
        assertEquals("The request body exceeds the limit of " + CREATE_LIMIT + " bytes", over.error().get("message"));
        HttpResponse<String> chunked = uploadChunked(GADGETS, "application/json", Padded.gadget(CREATE_LIMIT));
        assertEquals(201, chunked.statusCode(), chunked.body());
        HttpResponse<String> chunkedOver = uploadChunked(GADGETS, "application/json", Padded.gadget(CREATE_LIMIT + 1));
        assertEquals(413, chunkedOver.statusCode(), chunkedOver.body());
        assertEquals(before + 2, api.count(GADGETS));
        String id = (String) api.post(GADGETS, Map.of("name", "n", "category", "tool")).data().get("id");
        Api.Reply update = api.patchBytes(GADGETS + "/" + id, Padded.gadget(CREATE_LIMIT * 4));
        assertEquals(200, update.status(), "an update keeps fx.max-body-size: " + update);
    }

    @Test
    void aMultipartBodyIsReadAsAStream() throws Exception {
        String boundary = "fx-boundary-42";
        String body = "--" + boundary + "\r\n"
            + "Content-Disposition: form-data; name=\"title\"\r\n\r\n"
            + "Quarterly\r\n"
            + "--" + boundary + "\r\n"
            + "Content-Disposition: form-data; name=\"file\"; filename=\"report.bin\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
            + "x".repeat(200) + "\r\n"
            + "--" + boundary + "--\r\n";
        HttpResponse<String> answer = uploadChunked("/api/uploads/parts", "multipart/form-data; boundary=" + boundary,
            body.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals(Map.of("parts", List.of(Map.of("name", "title", "bytes", 9),
            Map.of("name", "file", "filename", "report.bin", "bytes", 200))), json.readValue(answer.body(), Map.class));
    }

    @Test
    void aTypeNoBeanAdmitsIsStillRefused() {
        Api.Reply refused = api.sendBytes("POST", "/api/uploads/count", bytes(10), Map.of("Content-Type", "text/plain"));
        assertEquals(415, refused.status(), refused.toString());
        assertEquals("UNSUPPORTED_MEDIA_TYPE", refused.code());
    }
}
