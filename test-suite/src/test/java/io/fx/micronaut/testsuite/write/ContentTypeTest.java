package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A write body must be declared JSON (issue 14 item 6, see web.ContentTypeEnforcementTest); errors are envelopes. */
@MicronautTest(environments = "test")
@TestDatabase
class ContentTypeTest {

    @Inject
    Api api;

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        application/x-www-form-urlencoded | name=w1                 | 415 | UNSUPPORTED_MEDIA_TYPE
        text/plain                        | not json                | 415 | UNSUPPORTED_MEDIA_TYPE
        text/plain                        | {"name":"plain-json"}   | 415 | UNSUPPORTED_MEDIA_TYPE
        application/json                  | not json                | 400 | INVALID_JSON
        application/json; charset=utf-8   | {"name":"with-charset"} | 201 |
        """)
    void writesAnswerWithEnvelopes(String contentType, String body, int status, String code) {
        Api.Reply reply = api.sendBytes("POST", "/api/widgets", body.getBytes(StandardCharsets.UTF_8),
            Map.of("Content-Type", contentType));
        assertEquals(status, reply.status(), reply.toString());
        if (code != null) {
            assertEquals(code, reply.code(), reply.toString());
        }
    }
}
