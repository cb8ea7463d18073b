package io.fx.micronaut.testsuite.limits.ratelimit;

import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.RawHttp;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Rate limits from {@code FxLimits.rateLimit} registrations on the memory backend, through Netty from clients bound
 * to 127.0.0.x: a bucket per address, per principal, per policy and per body field; the IETF {@code RateLimit-Policy}
 * and {@code RateLimit} fields on every covered answer; 429 {@code RATE_LIMITED} with {@code Retry-After}; a request
 * another policy refuses gives its request back; requests refused by validation are not counted on the DB step; an
 * action's own list; the window resets.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RateLimitTest implements TestPropertyProvider {

    static final String SPEC = "RateLimitTest";
    private static final Pattern RETRY = Pattern.compile("rate limit exceeded, retry in (\\d+) s");

    @Inject
    Api api;
    @Inject
    RawHttp raw;
    @Inject
    TokenIssuer issuer;

    @Override
    public Map<String, String> getProperties() {
        return SecurityConfig.spec(SPEC).secret(SECRET).put("fx.security.anonymous.models", "Gadget").build();
    }

    private RawHttp.Answer send(String from, String method, String path, String token, String body) {
        StringBuilder request = new StringBuilder(method).append(' ').append(path)
            .append(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        if (token != null) {
            request.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        if (body != null) {
            request.append("Content-Type: application/json\r\nContent-Length: ")
                .append(body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).append("\r\n\r\n").append(body);
        } else {
            request.append("\r\n");
        }
        return raw.from(from).send(request.toString());
    }

    private RawHttp.Answer list(String from, String token) {
        return send(from, "GET", "/api/gadgets", token, null);
    }

    private static String gadget(String name) {
        return "{\"name\":\"" + name + "\",\"category\":\"tool\"}";
    }

    private static long remaining(RawHttp.Answer answer, String policy) {
        String header = answer.header("RateLimit");
        Matcher m = Pattern.compile("\"" + policy + "\";r=(\\d+);t=(\\d+)").matcher(header == null ? "" : header);
        if (!m.find()) {
            fail("no RateLimit member for " + policy + " in " + answer);
        }
        return Long.parseLong(m.group(1));
    }

    private static long assertRateLimited(RawHttp.Answer answer, String policy) {
        assertEquals(429, answer.status(), answer.toString());
        Map<String, Object> error = Api.at(answer.decoded(), "error");
        assertEquals("RATE_LIMITED", error.get("code"));
        Matcher m = RETRY.matcher((String) error.get("message"));
        assertTrue(m.matches(), error.toString());
        long wait = Long.parseLong(m.group(1));
        assertEquals(Long.toString(wait), answer.header("Retry-After"));
        assertTrue(wait >= 1, answer.toString());
        assertEquals(0, remaining(answer, policy));
        return wait;
    }

    @Test
    void eachAddressHasABucketAndEveryCoveredAnswerCarriesTheFields() {
        for (int i = 2; i >= 0; i--) {
            RawHttp.Answer answer = list("127.0.0.21", null);
            assertEquals(200, answer.status(), answer.toString());
            assertEquals("\"lists\";q=3;w=60", answer.header("RateLimit-Policy"));
            Matcher m = Pattern.compile("\"lists\";r=" + i + ";t=(\\d+)").matcher(answer.header("RateLimit"));
            assertTrue(m.matches(), answer.header("RateLimit"));
            long reset = Long.parseLong(m.group(1));
            assertTrue(reset >= 1 && reset <= 60, "reset " + reset);
        }
        RawHttp.Answer refused = list("127.0.0.21", null);
        long wait = assertRateLimited(refused, "lists");
        assertTrue(wait <= 60, refused.toString());
        assertEquals("\"lists\";q=3;w=60", refused.header("RateLimit-Policy"));
        assertRateLimited(list("127.0.0.21", null), "lists");

        RawHttp.Answer other = list("127.0.0.22", null);
        assertEquals(200, other.status(), other.toString());
        assertEquals(2, remaining(other, "lists"));
    }

    @Test
    void aPrincipalHasOneBucketWhateverItsAddressAndAnonymousCallersOnePerAddress() {
        String alice = issuer.issue("alice-" + UUID.randomUUID(), List.of(), null).token();
        String bob = issuer.issue("bob-" + UUID.randomUUID(), List.of(), null).token();
        assertEquals(2, remaining(list("127.0.0.23", alice), "lists"));
        assertEquals(1, remaining(list("127.0.0.24", alice), "lists"));
        assertEquals(0, remaining(list("127.0.0.25", alice), "lists"));
        assertRateLimited(list("127.0.0.26", alice), "lists");

        assertEquals(2, remaining(list("127.0.0.23", bob), "lists"), "another user: a bucket of its own");
        assertEquals(2, remaining(list("127.0.0.23", null), "lists"), "anonymous at that address: the address's");
    }

    @Test
    void aRequestAnotherPolicyRefusesGivesItsRequestBack() {
        String id = api.create("/api/gadgets", Map.of("name", "refund-" + UUID.randomUUID(), "category", "tool"));
        String path = "/api/gadgets/" + id;
        RawHttp.Answer first = send("127.0.0.27", "GET", path, null, null);
        assertEquals(200, first.status(), first.toString());
        assertEquals("\"outer\";q=5;w=60, \"inner\";q=2;w=60", first.header("RateLimit-Policy"));
        assertEquals(4, remaining(first, "outer"));
        assertEquals(1, remaining(first, "inner"));
        assertEquals(3, remaining(send("127.0.0.27", "GET", path, null, null), "outer"));
        for (int i = 0; i < 3; i++) {
            RawHttp.Answer refused = send("127.0.0.27", "GET", path, null, null);
            assertRateLimited(refused, "inner");
            assertEquals(3, remaining(refused, "outer"), "taken, then given back: " + refused);
        }
        assertEquals(4, remaining(send("127.0.0.28", "GET", path, null, null), "outer"), "another address");
    }

    @Test
    void whenSeveralPoliciesRefuseTheLongestWaitWins() {
        String path = "/api/gadgets/" + UUID.randomUUID();
        RawHttp.Answer first = send("127.0.0.35", "DELETE", path, null, null);
        assertEquals(404, first.status(), "counted on the DB step, then not found: " + first);
        RawHttp.Answer refused = send("127.0.0.35", "DELETE", path, null, null);
        long wait = assertRateLimited(refused, "brief");
        assertEquals(0, remaining(refused, "long"));
        assertTrue(wait > 2 && wait <= 60, "the long window's wait, not the brief one's: " + refused);
    }

    @Test
    void onTheDbStepRequestsValidationRefusesAreNotCountedAndTheBodyFieldIsTheKey() {
        String name = "field-" + UUID.randomUUID();
        for (int i = 0; i < 4; i++) {
            RawHttp.Answer invalid = send("127.0.0.29", "POST", "/api/gadgets", null, "{\"name\":\"" + name + "\"}");
            assertTrue(invalid.status() >= 400 && invalid.status() < 500 && invalid.status() != 429, invalid.toString());
            assertNull(invalid.header("RateLimit"), "the policy never ran: " + invalid);
        }
        assertEquals(1, remaining(send("127.0.0.29", "POST", "/api/gadgets", null, gadget(name)), "names"));
        assertEquals(0, remaining(send("127.0.0.30", "POST", "/api/gadgets", null, gadget(name)), "names"));
        long before = api.count("/api/gadgets");
        assertRateLimited(send("127.0.0.31", "POST", "/api/gadgets", null, gadget(name)), "names");
        assertEquals(before, api.count("/api/gadgets"), "nothing written");
        RawHttp.Answer other = send("127.0.0.29", "POST", "/api/gadgets", null, gadget(name + "-other"));
        assertEquals(201, other.status(), other.toString());
        assertEquals(1, remaining(other, "names"));
    }

    @Test
    void aPrincipalKeyLeavesAnonymousRequestsOut() {
        String id = api.create("/api/gadgets", Map.of("name", "users-" + UUID.randomUUID(), "category", "tool"));
        String path = "/api/gadgets/" + id;
        for (int i = 0; i < 4; i++) {
            RawHttp.Answer anonymous = send("127.0.0.32", "PATCH", path, null, "{\"quantity\":" + (i + 1) + "}");
            assertEquals(200, anonymous.status(), anonymous.toString());
            assertNull(anonymous.header("RateLimit"), anonymous.toString());
        }
        String carol = issuer.issue("carol-" + UUID.randomUUID(), List.of(), null).token();
        String dave = issuer.issue("dave-" + UUID.randomUUID(), List.of(), null).token();
        assertEquals(1, remaining(send("127.0.0.32", "PATCH", path, carol, "{\"quantity\":1}"), "users"));
        assertEquals(0, remaining(send("127.0.0.33", "PATCH", path, carol, "{\"quantity\":2}"), "users"));
        assertRateLimited(send("127.0.0.32", "PATCH", path, carol, "{\"quantity\":3}"), "users");
        assertEquals(2, api.get(path).data().get("quantity"), "the refused update changed nothing");
        assertEquals(1, remaining(send("127.0.0.32", "PATCH", path, dave, "{\"quantity\":4}"), "users"));
    }

    @Test
    void anActionCountsThroughItsOwnListAndItsWindowResets() throws InterruptedException {
        RawHttp.Answer first = send("127.0.0.34", "POST", "/api/limits/ping", null, "{}");
        assertEquals(200, first.status(), first.toString());
        assertEquals("\"ping\";q=1;w=1", first.header("RateLimit-Policy"));
        assertEquals(0, remaining(first, "ping"));
        RawHttp.Answer refused = send("127.0.0.34", "POST", "/api/limits/ping", null, "{}");
        if (refused.status() == 200) {
            // the one-second window ended between the two requests; the next one starts a fresh window
            refused = send("127.0.0.34", "POST", "/api/limits/ping", null, "{}");
        }
        assertEquals(1, assertRateLimited(refused, "ping"));
        long deadline = System.nanoTime() + 5_000_000_000L;
        RawHttp.Answer again;
        do {
            Thread.sleep(100);
            again = send("127.0.0.34", "POST", "/api/limits/ping", null, "{}");
        } while (again.status() == 429 && System.nanoTime() < deadline);
        assertEquals(200, again.status(), "the window reset: " + again);
    }
}
