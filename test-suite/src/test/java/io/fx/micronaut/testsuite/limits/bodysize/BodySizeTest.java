package io.fx.micronaut.testsuite.limits.bodysize;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code FxLimits.maxBodySize} registrations through Netty: the last covering registration sets a route's limit
 * (200 bytes for Gadget creates, 1,000 for its other operations, 50 for an action through its list); exactly the
 * limit passes, one byte more is 413 {@code BODY_TOO_LARGE} with nothing written; a declared length over it is
 * refused before the body is sent, and the connection is closed; a chunked body is refused at byte limit + 1
 * without waiting for its end.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@Property(name = "spec.name", value = BodySizeTest.SPEC)
class BodySizeTest {

    static final String SPEC = "BodySizeTest";
    static final int GADGET_LIMIT = 1000;
    static final int CREATE_LIMIT = 200;
    static final int ACTION_LIMIT = 50;
    private static final String GADGETS = "/api/gadgets";

    @Inject
    Api api;
    @Inject
    RawHttp raw;

    /** A gadget whose JSON is exactly {@code size} bytes, padded in its name. */
    private static byte[] gadget(int size) {
        String head = "{\"category\":\"tool\",\"name\":\"";
        String tail = "\"}";
        return (head + "n".repeat(size - head.length() - tail.length()) + tail).getBytes(StandardCharsets.UTF_8);
    }

    private static Map<String, Object> assertTooLarge(int status, Map<String, Object> body, int limit) {
        assertEquals(413, status, String.valueOf(body));
        Map<String, Object> error = Api.at(body, "error");
        assertEquals("BODY_TOO_LARGE", error.get("code"));
        assertEquals("The request body exceeds the limit of " + limit + " bytes", error.get("message"));
        return error;
    }

    @Test
    void exactlyTheLimitPassesAndOneByteMoreIsRefusedWithNothingWritten() {
        assertEquals(201, api.postBytes(GADGETS, gadget(CREATE_LIMIT)).status());
        long before = api.count(GADGETS);
        Api.Reply over = api.postBytes(GADGETS, gadget(CREATE_LIMIT + 1));
        assertTooLarge(over.status(), over.body(), CREATE_LIMIT);
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void theLastCoveringRegistrationSetsTheLimit() {
        String path = GADGETS + "/" + api.create(GADGETS, Map.of("name", "kept", "category", "tool"));
        assertEquals(200, api.patchBytes(path, gadget(GADGET_LIMIT)).status(), "updates keep the earlier 1,000");
        Api.Reply over = api.patchBytes(path, gadget(GADGET_LIMIT + 1));
        assertTooLarge(over.status(), over.body(), GADGET_LIMIT);
        assertEquals("n".repeat(GADGET_LIMIT - 29), api.get(path).data().get("name"));
    }

    @Test
    void anActionHasTheLimitOfItsList() {
        Api.Reply exact = api.sendBytes("POST", "/api/limits/echo", new byte[ACTION_LIMIT],
            Map.of("Content-Type", "application/octet-stream"));
        Api.Reply json = api.sendBytes("POST", "/api/limits/echo",
            ("{\"p\":\"" + "x".repeat(ACTION_LIMIT - 8) + "\"}").getBytes(StandardCharsets.UTF_8),
            Map.of("Content-Type", "application/json"));
        assertEquals(200, json.status(), json.toString());
        assertEquals(ACTION_LIMIT, ((Number) Api.at(json.body(), "data", "length")).intValue());
        Api.Reply over = api.sendBytes("POST", "/api/limits/echo",
            ("{\"p\":\"" + "x".repeat(ACTION_LIMIT - 7) + "\"}").getBytes(StandardCharsets.UTF_8),
            Map.of("Content-Type", "application/json"));
        assertTooLarge(over.status(), over.body(), ACTION_LIMIT);
        assertEquals(true, exact.status() == 200 || exact.status() == 415, exact.toString());
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeTheBodyArrivesAndTheConnectionCloses() {
        long before = api.count(GADGETS);
        RawHttp.Answer answer = raw.send("POST " + GADGETS + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
            + "\r\nContent-Length: " + (CREATE_LIMIT + 1) + "\r\n\r\n{\"name\":");
        assertTooLarge(answer.status(), answer.decoded(), CREATE_LIMIT);
        assertEquals("close", answer.header("connection"), answer.toString());
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void theUnreadRestOfARefusedBodyIsNeverTakenForARequest() {
        String smuggled = "DELETE " + GADGETS + "/1 HTTP/1.1\r\nHost: localhost\r\n\r\n";
        String body = smuggled + "x".repeat(CREATE_LIMIT + 1 - smuggled.length());
        java.util.List<RawHttp.Answer> answers = raw.sendAll("POST " + GADGETS + " HTTP/1.1\r\nHost: localhost\r\n"
            + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
        assertEquals(1, answers.size(), answers.toString());
        assertTooLarge(answers.get(0).status(), answers.get(0).decoded(), CREATE_LIMIT);
    }

    @Test
    void aChunkedBodyIsRefusedAtLimitPlusOneWithoutWaitingForItsEnd() {
        byte[] body = gadget(CREATE_LIMIT + 1);
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("POST " + GADGETS + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
            + "\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        for (int from = 0; from < body.length; from += 64) {
            int length = Math.min(64, body.length - from);
            request.writeBytes((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            request.write(body, from, length);
            request.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        long before = api.count(GADGETS);
        RawHttp.Answer answer = raw.send(request.toByteArray());
        assertTooLarge(answer.status(), answer.decoded(), CREATE_LIMIT);
        assertEquals(before, api.count(GADGETS));

        byte[] exact = gadget(CREATE_LIMIT);
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        whole.writeBytes(("POST " + GADGETS + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
            + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + Integer.toHexString(exact.length) + "\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
        whole.writeBytes(exact);
        whole.writeBytes("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(201, raw.send(whole.toByteArray()).status(), "a chunked body of exactly the limit");
    }
}
