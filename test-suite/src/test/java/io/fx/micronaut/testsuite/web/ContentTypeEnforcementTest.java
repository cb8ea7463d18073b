package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.web.BodyMediaType;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.MediaType;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 14 item 6: a write body must be application/json or application/*+json (any parameters);
 * anything else, and a body without Content-Type, is 415 UNSUPPORTED_MEDIA_TYPE on create, update and
 * custom actions, and writes nothing. A {@link BodyMediaType} bean admits more types.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = "ContentTypeEnforcementTest")
class ContentTypeEnforcementTest {

    private static final String BODY = "{\"title\":\"typed\",\"body\":\"b\"}";

    @Inject
    RawHttp raw;
    @Inject
    Api api;
    String record;

    @BeforeEach
    void setUp() {
        record = ARTICLES + "/" + api.post(ARTICLES, Map.of("title", "kept", "body", "b")).data().get("id");
    }

    /** Sends a body with the given Content-Type header line (empty for none). */
    private RawHttp.Answer send(String method, String path, String contentType, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return raw.send(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n"
            + (contentType.isEmpty() ? "" : "Content-Type: " + contentType + "\r\n")
            + "Content-Length: " + bytes.length + "\r\n\r\n" + new String(bytes, StandardCharsets.ISO_8859_1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "application/json; charset=utf-8", "application/json;charset=UTF-8",
        "APPLICATION/JSON", "application/vnd.api+json", "application/merge-patch+json; charset=utf-8"})
    void jsonTypesAreAccepted(String contentType) {
        assertEquals(201, send("POST", ARTICLES, contentType, BODY).status());
        assertEquals(200, send("PATCH", record, contentType, "{\"title\":\"renamed\"}").status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x", "text/html", "application/xml", "application/jsonp", "application/+json",
        "json", "garbage/", ";;;"})
    void otherTypesAre415AndWriteNothing(String contentType) {
        long before = api.count(ARTICLES);
        assertEnvelope(send("POST", ARTICLES, contentType, BODY), 415, "UNSUPPORTED_MEDIA_TYPE");
        assertEnvelope(send("PATCH", record, contentType, "{\"title\":\"changed\"}"), 415, "UNSUPPORTED_MEDIA_TYPE");
        assertEquals(before, api.count(ARTICLES));
        assertEquals("kept", api.get(record).data().get("title"));
    }

    @Test
    void aBodyWithoutContentTypeIs415() {
        long before = api.count(ARTICLES);
        assertEnvelope(send("POST", ARTICLES, "", BODY), 415, "UNSUPPORTED_MEDIA_TYPE");
        assertEnvelope(send("PATCH", record, "", "{\"title\":\"changed\"}"), 415, "UNSUPPORTED_MEDIA_TYPE");
        assertEquals(before, api.count(ARTICLES));
    }

    @Test
    void anEmptyBodyWithoutContentTypeIsStillEmptyBody() {
        assertEnvelope(send("POST", ARTICLES, "", ""), 400, "EMPTY_BODY");
    }

    @Test
    void customActionsWithABodyAreChecked() {
        assertEquals(200, send("POST", "/api/typed-echo", "application/json", "{}").status());
        assertEnvelope(send("POST", "/api/typed-echo", "text/plain", "{}"), 415, "UNSUPPORTED_MEDIA_TYPE");
        assertEnvelope(send("POST", "/api/typed-echo", "", "{}"), 415, "UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void aBodyMediaTypeBeanAdmitsMoreTypes() {
        assertEquals(200, send("POST", "/api/typed-echo", "application/x-fx-test", "{}").status());
    }

    @Test
    void readsIgnoreTheContentType() {
        assertEquals(200, send("GET", ARTICLES, "text/plain", "").status());
    }

    @Requires(property = "spec.name", value = "ContentTypeEnforcementTest")
    @Factory
    static class Beans {

        @Singleton
        Action typedEcho() {
            return Action.post("/typed-echo", context -> Map.of("length", context.payload().getRawBody() == null ? 0
                : context.payload().getRawBody().length)).access(ActionAccess.PUBLIC);
        }

        @Singleton
        BodyMediaType testType() {
            return type -> type.matches(MediaType.of("application/x-fx-test"));
        }
    }
}
