package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertEnvelope;
import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertNoPut;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14 item 5: every answer under the prefix is the envelope with X-Request-Id, including those
 * Micronaut (routing, content negotiation, CORS) and Netty (decoder failures) produce before the
 * framework's controllers; paths outside the prefix keep Micronaut's own rendering. CORS is on for a
 * single origin so that another origin is refused with Micronaut's body-less 403.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = "ErrorEnvelopeCoverageTest")
@Property(name = "micronaut.server.cors.enabled", value = "true")
@Property(name = "micronaut.server.cors.configurations.web.allowed-origins", value = "https://app.example")
class ErrorEnvelopeCoverageTest {

    private static final String HOST = "Host: localhost\r\n";

    @Inject
    RawHttp raw;
    @Inject
    Api api;

    private RawHttp.Answer send(String method, String target, String headers) {
        return raw.send(method + " " + target + " HTTP/1.1\r\n" + HOST + headers + "\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"DELETE", "PATCH", "TRACE", "FOO"})
    void anUnknownCollectionIs404WhateverTheMethod(String method) {
        assertEnvelope(send(method, "/api/nope", ""), 404, "NOT_FOUND");
        assertEnvelope(send(method, "/api/nope/1", ""), 404, "NOT_FOUND");
    }

    @Test
    void aPathNoRouteMatchesIs404() {
        assertEnvelope(send("GET", "/api/articles/a/b/c", ""), 404, "NOT_FOUND");
        assertEnvelope(send("GET", "/api", ""), 404, "NOT_FOUND");
    }

    @Test
    void aMethodTheCollectionPathDoesNotServeIs405WithoutPutInAllow() {
        RawHttp.Answer answer = send("TRACE", "/api/articles", "");
        assertEnvelope(answer, 405, "METHOD_NOT_ALLOWED");
        assertNoPut(answer);
        assertTrue(answer.header("Allow").contains("POST"), answer.toString());
    }

    @Test
    void aMethodTheRecordPathDoesNotServeIs405WithoutPutInAllow() {
        RawHttp.Answer answer = raw.send("POST /api/articles/x HTTP/1.1\r\n" + HOST
            + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
        assertEnvelope(answer, 405, "METHOD_NOT_ALLOWED");
        assertNoPut(answer);
        assertTrue(answer.header("Allow").contains("PATCH"), answer.toString());
    }

    @Test
    void putStaysTheFrameworksOwn405() {
        RawHttp.Answer answer = send("PUT", "/api/articles", "");
        assertEnvelope(answer, 405, "METHOD_NOT_ALLOWED");
        assertNoPut(answer);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/html", "application/xml", "text/html, application/xhtml+xml", "image/png"})
    void anAcceptThatExcludesJsonIs406InJson(String accept) {
        assertEnvelope(send("GET", "/api/articles", "Accept: " + accept + "\r\n"), 406, "NOT_ACCEPTABLE");
    }

    @Test
    void anAcceptThatAllowsJsonIsServed() {
        assertEquals(200, send("GET", "/api/articles", "Accept: text/html, */*;q=0.1\r\n").status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/%zz", "/api/articles?filter=%zz", "/api/art%", "/api/articles/%G1",
        "/api/articles?filter=title:eq:{}", "/api/articles?filter=title:eq:a\\\\b", "/api/articles/a|b", "/api/articles?q=<x>"})
    void aUriThatDoesNotDecodeIs400(String target) {
        assertEnvelope(send("GET", target, ""), 400, "MALFORMED_REQUEST");
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /api/art icles HTTP/1.1", "GARBAGE", "GET /api/articles FOO/1.1", "GET  HTTP/1.1"})
    void aBrokenRequestLineIs400(String line) {
        assertEnvelope(raw.send(line + "\r\n" + HOST + "\r\n"), 400, "MALFORMED_REQUEST");
    }

    @Test
    void aBrokenHeaderLineIs400() {
        assertEnvelope(send("GET", "/api/articles", "Not a header\r\n"), 400, "MALFORMED_REQUEST");
    }

    @Test
    void oversizedHeadersAre431() {
        RawHttp.Answer answer = send("GET", "/api/articles", "X-Big: " + "a".repeat(20_000) + "\r\n");
        assertEnvelope(answer, 431, "HEADERS_TOO_LARGE");
    }

    @Test
    void aRequestLineOverTheServerLimitIs414Not413() {
        RawHttp.Answer answer = send("GET", "/api/articles?filter=title:eq:" + "a".repeat(17_000), "");
        assertEnvelope(answer, 414, "URI_TOO_LONG");
    }

    @Test
    void aRefusedCorsOriginIsA403Envelope() {
        RawHttp.Answer answer = send("GET", "/api/articles", "Origin: https://evil.example\r\n");
        assertEnvelope(answer, 403, "CORS_ORIGIN_DENIED");
        assertEquals(200, send("GET", "/api/articles", "Origin: https://app.example\r\n").status());
    }

    @Test
    void theClientsRequestIdIsEchoedOnErrorsBeforeTheController() {
        RawHttp.Answer answer = send("DELETE", "/api/nope", "X-Request-Id: trace-42\r\n");
        assertEquals("trace-42", answer.header("X-Request-Id"));
    }

    @Test
    void headOnAnUnknownPathHasTheEnvelopesHeadersAndNoBody() {
        RawHttp.Answer answer = send("HEAD", "/api/articles/a/b/c", "");
        assertEquals(404, answer.status());
        assertTrue(answer.header("X-Request-Id") != null, answer.toString());
        assertEquals("", answer.body());
    }

    @Test
    void pathsOutsideThePrefixKeepMicronautsRendering() {
        RawHttp.Answer answer = send("GET", "/elsewhere", "");
        assertEquals(404, answer.status());
        assertFalse(answer.body().contains("\"error\":{"), answer.toString());
    }

    @Test
    void theApiStillServesAfterwards() {
        send("GET", "/api/%zz", "");
        Api.Reply created = api.post("/api/articles", Map.of("title", "t", "body", "b"));
        assertEquals(201, created.status(), created.toString());
    }
}
