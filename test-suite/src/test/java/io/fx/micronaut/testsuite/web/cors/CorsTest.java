package io.fx.micronaut.testsuite.web.cors;

import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Micronaut's CORS with the configuration the blog example uses (credentials; GET, HEAD, POST, PATCH,
 * DELETE, OPTIONS; headers Authorization, Content-Type, X-CSRF-Token; exposing X-Request-Id and
 * Location): allowed preflights and requests carry the CORS headers; each refusal is a 403 envelope
 * naming what was refused; a preflight without Access-Control-Request-Headers passes.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = "CorsTest")
@Property(name = "micronaut.server.cors.enabled", value = "true")
@Property(name = "micronaut.server.cors.configurations.web.allowed-origins", value = CorsTest.APP)
@Property(name = "micronaut.server.cors.configurations.web.allow-credentials", value = "true")
@Property(name = "micronaut.server.cors.configurations.web.allowed-methods", value = "GET,HEAD,POST,PATCH,DELETE,OPTIONS")
@Property(name = "micronaut.server.cors.configurations.web.allowed-headers", value = "Authorization,Content-Type,X-CSRF-Token")
@Property(name = "micronaut.server.cors.configurations.web.exposed-headers", value = "X-Request-Id,Location")
class CorsTest {

    static final String APP = "https://app.example";
    private static final String EVIL = "https://evil.example";

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    CorsExchange cors;

    @BeforeEach
    void setUp() {
        cors = new CorsExchange(server.getPort(), json, "localhost");
    }

    @Test
    void anAllowedPreflightIs200WithTheCorsHeaders() {
        RawHttp.Answer answer = cors.preflight("/api/articles", APP, "POST",
            "Access-Control-Request-Headers: Content-Type, X-CSRF-Token");
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(APP, answer.header("Access-Control-Allow-Origin"));
        assertEquals("true", answer.header("Access-Control-Allow-Credentials"));
        assertEquals(List.of("POST"), CorsExchange.values(answer, "Access-Control-Allow-Methods"));
        assertEquals(List.of("Content-Type", "X-CSRF-Token"), CorsExchange.values(answer, "Access-Control-Allow-Headers"));
        assertEquals("1800", answer.header("Access-Control-Max-Age"));
        assertTrue(CorsExchange.values(answer, "Vary").contains("Origin"), answer.toString());
        assertTrue(answer.header("X-Request-Id") != null, answer.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "HEAD", "POST"})
    void everyConfiguredMethodPassesItsPreflightOnTheCollection(String method) {
        RawHttp.Answer answer = cors.preflight("/api/articles", APP, method, "Access-Control-Request-Headers: authorization");
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(List.of(method), CorsExchange.values(answer, "Access-Control-Allow-Methods"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "PATCH", "DELETE"})
    void everyConfiguredMethodPassesItsPreflightOnARecord(String method) {
        RawHttp.Answer answer = cors.preflight("/api/articles/1", APP, method, "Access-Control-Request-Headers: Authorization");
        assertEquals(200, answer.status(), answer.toString());
    }

    @Test
    void aPreflightWithoutRequestHeadersPasses() {
        RawHttp.Answer answer = cors.preflight("/api/articles/1", APP, "DELETE");
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(APP, answer.header("Access-Control-Allow-Origin"));
        assertEquals(List.of("DELETE"), CorsExchange.values(answer, "Access-Control-Allow-Methods"));
        assertNull(answer.header("Access-Control-Allow-Headers"), answer.toString());
    }

    @Test
    void aPreflightFromADeniedOriginIsCorsOriginDenied() {
        RawHttp.Answer answer = cors.preflight("/api/articles", EVIL, "POST",
            "Access-Control-Request-Headers: Content-Type", "X-Request-Id: cors-trace-1");
        String message = cors.assertEnvelope(answer, 403, "CORS_ORIGIN_DENIED");
        assertTrue(message.contains("'" + EVIL + "'"), message);
        assertEquals("cors-trace-1", answer.header("X-Request-Id"));
        assertNull(answer.header("Access-Control-Allow-Origin"), answer.toString());
    }

    @Test
    void aPreflightForADeniedMethodIsCorsMethodDenied() {
        RawHttp.Answer answer = cors.preflight("/api/articles/1", APP, "PUT", "Access-Control-Request-Headers: Content-Type");
        String message = cors.assertEnvelope(answer, 403, "CORS_METHOD_DENIED");
        assertTrue(message.contains("'PUT'"), message);
    }

    @Test
    void aPreflightForAMethodThePathDoesNotServeIsCorsMethodDenied() {
        RawHttp.Answer answer = cors.preflight("/api/articles", APP, "PATCH");
        String message = cors.assertEnvelope(answer, 403, "CORS_METHOD_DENIED");
        assertTrue(message.contains("'PATCH'") && message.contains("not served"), message);
    }

    @Test
    void aPreflightForADeniedHeaderIsCorsHeaderDeniedNamingIt() {
        RawHttp.Answer answer = cors.preflight("/api/articles", APP, "POST",
            "Access-Control-Request-Headers: content-type, X-Evil-Header");
        String message = cors.assertEnvelope(answer, 403, "CORS_HEADER_DENIED");
        assertTrue(message.contains("'X-Evil-Header'"), message);
    }

    @Test
    void aSimpleRequestFromADeniedOriginIsRefusedWithTheEnvelope() {
        RawHttp.Answer answer = cors.send("GET", "/api/articles", "Origin: " + EVIL);
        String message = cors.assertEnvelope(answer, 403, "CORS_ORIGIN_DENIED");
        assertTrue(message.contains(EVIL), message);
    }

    @Test
    void aCrossOriginRequestWithADeniedMethodIsCorsMethodDenied() {
        RawHttp.Answer answer = cors.send("PUT", "/api/articles/1", "Origin: " + APP,
            "Content-Length: 0");
        cors.assertEnvelope(answer, 403, "CORS_METHOD_DENIED");
    }

    @Test
    void anAllowedCrossOriginGetCarriesTheCorsHeaders() {
        RawHttp.Answer answer = cors.send("GET", "/api/articles", "Origin: " + APP);
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(APP, answer.header("Access-Control-Allow-Origin"));
        assertEquals("true", answer.header("Access-Control-Allow-Credentials"));
        assertEquals(List.of("X-Request-Id", "Location"), CorsExchange.values(answer, "Access-Control-Expose-Headers"));
        assertTrue(answer.body().contains("\"data\""), answer.toString());
    }

    @Test
    void anAllowedCrossOriginCreateExposesItsLocation() {
        RawHttp.Answer answer = cors.sendJson("POST", "/api/articles", "{\"title\":\"t\",\"body\":\"b\"}", "Origin: " + APP);
        assertEquals(201, answer.status(), answer.toString());
        assertEquals(APP, answer.header("Access-Control-Allow-Origin"));
        assertTrue(answer.header("Location") != null, answer.toString());
        assertEquals(List.of("X-Request-Id", "Location"), CorsExchange.values(answer, "Access-Control-Expose-Headers"));
    }

    @Test
    void aRequestWithoutOriginIsNoCorsRequest() {
        RawHttp.Answer answer = cors.send("GET", "/api/articles");
        assertEquals(200, answer.status(), answer.toString());
        assertNull(answer.header("Access-Control-Allow-Origin"), answer.toString());
        assertFalse(answer.headers().containsKey("access-control-allow-credentials"), answer.toString());
    }

    @Test
    void onAServerNotOnLocalhostAPreflightFromADeniedOriginIsStillRefused() {
        CorsExchange remote = new CorsExchange(server.getPort(), json, "api.example");
        String message = remote.assertEnvelope(remote.preflight("/api/articles", EVIL, "POST"), 403, "CORS_ORIGIN_DENIED");
        assertTrue(message.contains(EVIL), message);
        assertEquals(200, remote.preflight("/api/articles", APP, "POST").status());
    }

    @Test
    void onAServerNotOnLocalhostASimpleRequestFromAnotherOriginIsServedWithoutCorsHeaders() {
        CorsExchange remote = new CorsExchange(server.getPort(), json, "api.example");
        RawHttp.Answer answer = remote.send("GET", "/api/articles", "Origin: " + EVIL);
        assertEquals(200, answer.status(), answer.toString());
        assertNull(answer.header("Access-Control-Allow-Origin"), answer.toString());
    }
}
