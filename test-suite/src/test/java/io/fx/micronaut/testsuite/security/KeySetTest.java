package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bearer tokens verified against a key set served over HTTPS on 127.0.0.1 with a self-signed
 * certificate trusted through {@code ca-cert}: lazy first fetch, RS256 and ES256, rotation, the refetch
 * limit, stale keys after a failed fetch, 503 when never fetched, redirect refusal, a stalled body, the size cap and the
 * plain-http warning.
 */
@TestDatabase
class KeySetTest {

    static final String SPEC = "KeySetTest";
    static final String LOGGER = "io.fx.micronaut.security.jwt.RemoteKeySet";

    private final RSAKey rsa = Tokens.rsa("rsa-1");
    private final ECKey ec = Tokens.ec("ec-1");
    private JwksServer keys;

    @BeforeEach
    void serve() {
        keys = new JwksServer();
        keys.keys(rsa, ec);
    }

    @AfterEach
    void stop() {
        keys.close();
    }

    /** Starts the application with {@code GET /api/whoami} and the pairs. */
    private static EmbeddedServer run(Object... pairs) {
        List<Object> all = new ArrayList<>(List.of(SecurityConfig.none().whoAmI(ActionAccess.PROTECTED).pairs()));
        all.addAll(List.of(pairs));
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, all.toArray()));
    }

    /** Starts it verifying against the test's key set, trusting its certificate. */
    private EmbeddedServer start(Object... extra) {
        List<Object> all = new ArrayList<>(List.of("fx.security.jwt.jwks.url", keys.url(), "fx.security.jwt.jwks.ca-cert",
            keys.caPem()));
        all.addAll(List.of(extra));
        return run(all.toArray());
    }

    private static Reply call(EmbeddedServer server, String token) {
        return new Api(server).withBearer(token).get("/api/whoami");
    }

    private static void unknownKey(Reply reply) {
        refused(reply, 401, "INVALID_TOKEN", "unknown key id");
    }

    private static void unavailable(Reply reply) {
        assertEquals(503, reply.status(), reply::toString);
        assertEquals("JWKS_UNAVAILABLE", reply.code());
        assertFalse(reply.text().contains("jwks.json"), reply::toString);
    }

    @Test
    void rsaAndEcTokensVerifyAgainstTheSetFetchedLazilyOnce() {
        try (EmbeddedServer server = start()) {
            assertEquals(0, keys.fetches(), "no fetch at startup");
            Reply rs = call(server, Tokens.jwt("r").signedWith(rsa));
            assertEquals(200, rs.status(), rs::toString);
            assertEquals("r", rs.data().get("user_id"));
            Reply es = call(server, Tokens.jwt("e").signedWith(ec));
            assertEquals(200, es.status(), es::toString);
            assertEquals(1, keys.fetches());
            // an HMAC token keyed with the served RSA key's PEM text meets no key: HMAC needs the secret
            Reply confused = call(server, Tokens.jwt("x").secret(Tokens.publicPem(rsa)).token());
            assertEquals(401, confused.status());
            assertEquals("algorithm HS256 is not accepted", confused.error().get("message"));
            unknownKey(call(server, Tokens.jwt("r").signedWith(Tokens.rsa("rsa-unknown"))));
        }
    }

    @Test
    void weakKeysAreDroppedFromTheSetWithAWarningNamingTheirKid() {
        RSAKey weak = Tokens.rsa("rsa-1024", 1024);
        keys.keys(rsa, weak, Tokens.secp256k1("ec-secp256k1"));
        try (LogCapture log = new LogCapture(LOGGER); EmbeddedServer server = start()) {
            unknownKey(call(server, Tokens.rsa(weak, Tokens.claims("r").build())));
            assertEquals(200, call(server, Tokens.rsa(rsa, Tokens.claims("r").build())).status(), "the strong key stays");
            assertTrue(log.text().contains("rsa-1024") && log.text().contains("1024 bits"), log.text());
            assertTrue(log.text().contains("ec-secp256k1") && log.text().contains("secp256k1"), log.text());
        }
    }

    @Test
    void aRotatedKeyIsFetchedAndAFetchReplacesTheWholeSet() {
        try (EmbeddedServer server = start("fx.security.jwt.jwks.min-refetch-interval", "0s")) {
            assertEquals(200, call(server, Tokens.jwt("r").signedWith(rsa)).status());
            RSAKey next = Tokens.rsa("rsa-2");
            keys.keys(next);
            assertEquals(200, call(server, Tokens.jwt("r").signedWith(next)).status());
            assertEquals(2, keys.fetches());
            unknownKey(call(server, Tokens.jwt("r").signedWith(rsa)));
        }
    }

    @Test
    void unknownKeyIdsRefetchAtMostOncePerInterval() {
        try (EmbeddedServer server = start("fx.security.jwt.jwks.min-refetch-interval", "1h")) {
            assertEquals(200, call(server, Tokens.jwt("r").signedWith(rsa)).status());
            RSAKey next = Tokens.rsa("rsa-2");
            keys.keys(rsa, next);
            for (int i = 0; i < 5; i++) {
                unknownKey(call(server, Tokens.jwt("r").signedWith(next)));
            }
            assertEquals(1, keys.fetches());
        }
    }

    @Test
    void aFailedFetchKeepsTheCachedKeysOfAnyAge() {
        try (EmbeddedServer server = start("fx.security.jwt.jwks.cache-ttl", "1ms",
                "fx.security.jwt.jwks.min-refetch-interval", "0s");
             LogCapture log = new LogCapture(LOGGER)) {
            assertEquals(200, call(server, Tokens.jwt("r").signedWith(rsa)).status());
            keys.fail(500);
            Reply stale = call(server, Tokens.jwt("r").signedWith(rsa));
            assertEquals(200, stale.status(), stale::toString);
            assertEquals(2, keys.fetches());
            assertTrue(log.text().contains("the cached keys stay in use"), log.text());
        }
    }

    @Test
    void aSetNeverFetchedIs503UntilAFetchSucceeds() {
        keys.fail(500);
        try (EmbeddedServer server = start("fx.security.jwt.jwks.min-refetch-interval", "0s")) {
            unavailable(call(server, Tokens.jwt("r").signedWith(rsa)));
            keys.keys(rsa);
            assertEquals(200, call(server, Tokens.jwt("r").signedWith(rsa)).status());
        }
    }

    @Test
    void aRedirectFromHttpsToHttpIsNotFollowed() {
        keys.redirectToPlain(true);
        try (EmbeddedServer server = start()) {
            unavailable(call(server, Tokens.jwt("r").signedWith(rsa)));
            assertEquals(1, keys.fetches(), "the plain-http twin is never asked");
        }
    }

    @Test
    void aFetchSlowerThanTheTimeoutFails() {
        keys.delay(3000);
        try (EmbeddedServer server = start("fx.security.jwt.jwks.timeout", "500ms")) {
            unavailable(call(server, Tokens.jwt("r").signedWith(rsa)));
        }
    }

    @Test
    void aBodyThatStallsAfterItsHeadersFailsAtTheTimeout() {
        // the JDK client's request timeout ends with the headers: the fetch itself must bound the body
        keys.stallBody();
        try (EmbeddedServer server = start("fx.security.jwt.jwks.timeout", "500ms")) {
            Reply reply = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> call(server, Tokens.jwt("r").signedWith(rsa)));
            unavailable(reply);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDocumentNamesTheKeySetAnswer() {
        // public on purpose: fetched with a token, the document would cost a key set fetch
        try (EmbeddedServer server = start("fx.openapi.enabled", "true", "fx.openapi.access", "public")) {
            Map<String, Object> doc = new Api(server).get("/api/openapi.json").body();
            Map<String, Object> read = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) doc.get("paths"))
                .get("/api/dossiers/{id}")).get("get");
            assertEquals(Map.of("$ref", "#/components/responses/FxKeySetUnavailable"),
                ((Map<String, Object>) read.get("responses")).get("503"));
            assertEquals(0, keys.fetches(), "documenting fetches nothing");
        }
    }

    @Test
    void aSetOver256KibIsRefused() {
        keys.body("{\"keys\":[],\"padding\":\"" + "x".repeat(256 * 1024) + "\"}");
        try (EmbeddedServer server = start()) {
            unavailable(call(server, Tokens.jwt("r").signedWith(rsa)));
        }
    }

    @Test
    void withoutTheCaCertificateTheSelfSignedServerIsNotTrusted() {
        try (EmbeddedServer server = run("fx.security.jwt.jwks.url", keys.url())) {
            unavailable(call(server, Tokens.jwt("r").signedWith(rsa)));
        }
    }

    @Test
    void plainHttpWarnsExceptOnLoopback() {
        for (String url : new String[] {"http://10.0.0.7/jwks.json", "http://keys.example/jwks.json"}) {
            try (LogCapture log = new LogCapture(LOGGER);
                 EmbeddedServer server = run("fx.security.jwt.jwks.url", url)) {
                assertTrue(server.isRunning());
                assertTrue(log.text().contains("is plain http"), url + ": " + log.text());
            }
        }
        for (String url : new String[] {keys.plainUrl(), "http://localhost:1/jwks.json", "http://[::1]:1/jwks.json",
            "http://127.8.9.10/jwks.json", keys.url()}) {
            try (LogCapture log = new LogCapture(LOGGER);
                 EmbeddedServer server = run("fx.security.jwt.jwks.url", url)) {
                assertTrue(server.isRunning());
                assertFalse(log.text().contains("is plain http"), url + ": " + log.text());
            }
        }
        try (EmbeddedServer server = run("fx.security.jwt.jwks.url", keys.plainUrl())) {
            assertEquals(200, call(server, Tokens.jwt("r").signedWith(rsa)).status());
        }
    }
}
