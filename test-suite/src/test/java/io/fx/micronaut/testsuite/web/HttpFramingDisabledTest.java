package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.web.RawEnvelopes.assertEnvelope;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * With {@code fx.strict-framing.enabled: false} the framework's own framing checks are off (a repeated
 * Host is served again) while Netty's remain (several Content-Length values are still refused).
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.strict-framing.enabled", value = "false")
class HttpFramingDisabledTest {

    @Inject
    RawHttp raw;

    @Test
    void onlyNettysOwnChecksRemain() {
        assertEquals(200, raw.send("GET /api/articles HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").status());
        assertEnvelope(raw.send("POST /api/articles HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"), 400, "MALFORMED_REQUEST");
    }
}
