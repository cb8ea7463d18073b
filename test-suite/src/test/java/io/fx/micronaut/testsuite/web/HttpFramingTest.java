package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 14 item 7: ambiguous HTTP/1 framing (request smuggling behind a proxy) is 400 MALFORMED_REQUEST
 * in the envelope, the connection is closed after it, and nothing is written. Sent over a plain socket.
 */
@MicronautTest(environments = "test")
@TestDatabase
class HttpFramingTest {

    private static final String BODY = "{\"title\":\"smuggled\",\"body\":\"b\"}";
    private static final String JSON = "Content-Type: application/json\r\n";

    @Inject
    RawHttp raw;
    @Inject
    Api api;

    /** Sends the request followed by a well-formed one on the same connection: only the refusal comes back. */
    private void refused(String request) {
        long before = api.count(ARTICLES);
        List<RawHttp.Answer> answers = raw.sendAll(request + "GET " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        assertEquals(1, answers.size(), "the connection is closed after the refusal: " + answers);
        assertEnvelope(answers.get(0), 400, "MALFORMED_REQUEST");
        assertEquals(before, api.count(ARTICLES), "nothing written");
    }

    private static String chunked(String body) {
        return Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";
    }

    @Test
    void contentLengthWithTransferEncodingIs400() {
        refused("POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n" + JSON + "Content-Length: "
            + chunked(BODY).length() + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(BODY));
    }

    @Test
    void transferEncodingBeforeContentLengthIs400() {
        refused("POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n" + JSON + "Transfer-Encoding: chunked\r\n"
            + "Content-Length: 4\r\n\r\n" + chunked(BODY));
    }

    @Test
    void aSmuggledSecondRequestIsNeverServed() {
        String smuggled = "POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n" + JSON + "Content-Length: "
            + BODY.length() + "\r\n\r\n" + BODY;
        long before = api.count(ARTICLES);
        List<RawHttp.Answer> answers = raw.sendAll("POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n" + JSON
            + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled);
        assertEquals(1, answers.size(), answers.toString());
        assertEnvelope(answers.get(0), 400, "MALFORMED_REQUEST");
        assertEquals(before, api.count(ARTICLES), "the smuggled request wrote nothing");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2\r\nContent-Length: 3", "2\r\nContent-Length: 2", "2, 2", "2, 3"})
    void severalContentLengthsAre400(String lengths) {
        refused("POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n" + JSON + "Content-Length: " + lengths
            + "\r\n\r\n{}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.7", "HTTP/2.0", "HTTP/0.9", "HTTP/1.10", "HTTP/9.9"})
    void anUnknownHttpVersionIs400(String version) {
        refused("GET " + ARTICLES + " " + version + "\r\nHost: localhost\r\n\r\n");
    }

    @Test
    void anHttp11RequestWithoutHostIs400() {
        refused("GET " + ARTICLES + " HTTP/1.1\r\n\r\n");
    }

    @Test
    void aRepeatedHostIs400() {
        refused("GET " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\nHost: other.example\r\n\r\n");
        refused("GET " + ARTICLES + " HTTP/1.0\r\nHost: localhost\r\nHost: localhost\r\n\r\n");
    }

    @Test
    void wellFramedRequestsAreServed() {
        assertEquals(200, raw.send("GET " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n\r\n").status());
        assertEquals(200, raw.send("GET " + ARTICLES + " HTTP/1.0\r\n\r\n").status());
        RawHttp.Answer created = raw.send("POST " + ARTICLES + " HTTP/1.1\r\nHost: localhost\r\n" + JSON
            + "Transfer-Encoding: chunked\r\n\r\n" + chunked(BODY));
        assertEquals(201, created.status(), created.toString());
    }
}
