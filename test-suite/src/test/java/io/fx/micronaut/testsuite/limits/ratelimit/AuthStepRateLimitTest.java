package io.fx.micronaut.testsuite.limits.ratelimit;

import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A policy from configuration on the Auth step ({@code step: auth}) runs before authentication: requests the Auth
 * step refuses (401) are counted too and carry the fields, so a client guessing credentials is stopped by the limit.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuthStepRateLimitTest implements TestPropertyProvider {

    @Inject
    RawHttp raw;

    @Override
    public Map<String, String> getProperties() {
        return SecurityConfig.spec("AuthStepRateLimitTest").secret(SECRET)
            .put("fx.rate-limit.policies.gate.limit", "2")
            .put("fx.rate-limit.policies.gate.step", "auth")
            .put("fx.rate-limit.policies.gate.key", "ip")
            .put("fx.rate-limit.policies.gate.models", "Gadget")
            .build();
    }

    private RawHttp.Answer list(String from, String authorization) {
        return raw.from(from).send("GET /api/gadgets HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
            + (authorization == null ? "" : "Authorization: " + authorization + "\r\n") + "\r\n");
    }

    @Test
    void requestsTheAuthStepRefusesAreCounted() {
        RawHttp.Answer first = list("127.0.0.51", "Bearer not-a-token");
        assertEquals(401, first.status(), first.toString());
        assertEquals("\"gate\";q=2;w=60", first.header("RateLimit-Policy"));
        assertEquals("\"gate\";r=1", first.header("RateLimit").replaceAll(";t=\\d+", ""));
        assertEquals(401, list("127.0.0.51", null).status());
        RawHttp.Answer refused = list("127.0.0.51", "Bearer still-not-a-token");
        assertEquals(429, refused.status(), refused.toString());
        assertEquals("RATE_LIMITED", ((Map<?, ?>) refused.decoded().get("error")).get("code"));
        assertEquals(401, list("127.0.0.52", null).status(), "another address has its own bucket");
    }
}
