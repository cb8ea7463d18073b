package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.web.ResponseBodyEncoder;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link ResponseBodyEncoder} writes a body to exactly the bytes the server sends for it. */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = ResponseBodyEncoderTest.SPEC)
class ResponseBodyEncoderTest {

    static final String SPEC = "ResponseBodyEncoderTest";

    @Inject
    ResponseBodyEncoder encoder;
    @Inject
    Api api;

    static Map<String, Object> body() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("text", "\u00e9t\u00e9 \"quoted\" </script>");
        data.put("when", Instant.parse("2026-11-29T07:00:00.123Z"));
        data.put("amount", new BigDecimal("12.50"));
        data.put("list", List.of(1, 2.5, true));
        data.put("nothing", null);
        return Map.of("data", data);
    }

    @Test
    void theEncodedBodyIsWhatTheServerSends() {
        Api.Reply reply = api.post("/api/encoder/body", Map.of());
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(reply.text(), new String(encoder.encode(body()), StandardCharsets.UTF_8));
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action encoded() {
            return Action.post("/encoder/body", context -> body()).access(ActionAccess.PUBLIC);
        }
    }
}
