package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link TokenIssuer}: its tokens pass the module's own bearer verification (through the real server), carry
 * {@code sub}, {@code roles}, {@code tenant_id}, {@code jti}, {@code sid}, {@code iss}, {@code aud}, an
 * {@code iat} with a millisecond fraction and {@code exp} = iat + {@code fx.security.tokens.ttl}; the ttl
 * defaults to 15 minutes; bad configuration fails startup; without a secret or with verification off there is
 * no issuer.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TokenIssuerTest implements TestPropertyProvider {

    static final String SPEC = "TokenIssuerTest";
    private static final Pattern IAT = Pattern.compile("\"iat\":(\\d{10}\\.\\d{3})[,}]");

    @Inject
    JsonMapper json;
    @Inject
    TokenIssuer issuer;
    @Inject
    Api api;

    @Override
    public Map<String, String> getProperties() {
        return SecurityConfig.spec(SPEC).secret(SECRET).jwt("issuer", "https://login.test").jwt("audience", "test-api")
            .jwt("tenant-claim", "tenant_id").put("fx.security.tokens.ttl", "7m").whoAmI(ActionAccess.PROTECTED).build();
    }

    private Reply whoami(String token) {
        return api.withBearer(token).get("/api/whoami");
    }

    private Map<String, Object> payload(String token) {
        return decode(token.split("\\.")[1]);
    }

    private Map<String, Object> decode(String part) {
        try {
            return json.readValue(Base64.getUrlDecoder().decode(part), Argument.mapOf(String.class, Object.class));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String payloadText(String token) {
        return new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8);
    }

    @Test
    void theModulesOwnVerifierAcceptsAnIssuedToken() {
        TokenIssuer.IssuedToken issued = issuer.issue("alice", List.of("editor", "admin"), "acme");
        Reply reply = whoami(issued.token());
        assertEquals(200, reply.status(), reply::toString);
        assertEquals(Map.of("anonymous", false, "user_id", "alice", "roles", List.of("editor", "admin"),
            "scopes", List.of(), "tenant_id", "acme", "session_id", issued.sessionId(), "auth_method", "jwt",
            "identity_type", "HUMAN"), reply.data());
    }

    @Test
    void theClaimsAreAsStated() {
        Instant before = Instant.now();
        TokenIssuer.IssuedToken issued = issuer.issue("alice", List.of("editor"), "acme");
        Map<String, Object> claims = payload(issued.token());
        assertEquals(Set.of("sub", "roles", "tenant_id", "jti", "sid", "iat", "exp", "iss", "aud"), claims.keySet());
        assertEquals("alice", claims.get("sub"));
        assertEquals(List.of("editor"), claims.get("roles"));
        assertEquals("acme", claims.get("tenant_id"));
        assertEquals(issued.tokenId(), claims.get("jti"));
        assertEquals(issued.sessionId(), claims.get("sid"));
        assertEquals("https://login.test", claims.get("iss"));
        assertEquals("test-api", claims.get("aud"));
        assertEquals(Map.of("alg", "HS256", "typ", "JWT", "kid", TokenIssuer.KEY_ID), decode(issued.token().split("\\.")[0]));

        BigDecimal iat = new BigDecimal(claims.get("iat").toString());
        BigDecimal exp = new BigDecimal(claims.get("exp").toString());
        assertEquals(BigDecimal.valueOf(issued.issuedAt().toEpochMilli(), 3), iat.setScale(3));
        assertEquals(BigDecimal.valueOf(issued.expiresAt().toEpochMilli(), 3), exp.setScale(3));
        assertEquals(0, exp.subtract(iat).compareTo(BigDecimal.valueOf(420)), "exp = iat + ttl: " + claims);
        assertFalse(issued.issuedAt().isBefore(before.minusMillis(1)), issued.issuedAt() + " vs " + before);
        assertFalse(issued.issuedAt().isAfter(Instant.now()));
        assertEquals(Duration.ofMinutes(7), issued.expiresIn());
        assertEquals(Duration.ofMinutes(7), issuer.getTtl());
    }

    @Test
    void iatIsEpochSecondsWithAMillisecondFraction() {
        String text = payloadText(issuer.issue("alice", List.of(), null).token());
        Matcher iat = IAT.matcher(text);
        assertTrue(iat.find(), text);
        assertTrue(text.contains("\"exp\":" + new BigDecimal(iat.group(1)).add(BigDecimal.valueOf(420)).toPlainString()),
            text);
    }

    @Test
    void everyTokenHasItsOwnIdAndANewSessionUnlessOneIsGiven() {
        TokenIssuer.IssuedToken first = issuer.issue("bob", List.of(), null);
        TokenIssuer.IssuedToken second = issuer.issue("bob", List.of(), null);
        assertNotEquals(first.tokenId(), second.tokenId());
        assertNotEquals(first.sessionId(), second.sessionId());
        TokenIssuer.IssuedToken refreshed = issuer.issue("bob", List.of(), null, first.sessionId());
        assertEquals(first.sessionId(), refreshed.sessionId());
        assertEquals(first.sessionId(), payload(refreshed.token()).get("sid"));
        assertNotEquals(first.tokenId(), refreshed.tokenId());
        assertEquals(first.sessionId(), whoami(refreshed.token()).data().get("session_id"));
        assertFalse(first.toString().contains(first.token()), "the token never reaches a log: " + first);
    }

    @Test
    void withoutTenantOrRolesTheTokenSaysSo() {
        TokenIssuer.IssuedToken issued = issuer.issue("carol", List.of(), null);
        Map<String, Object> claims = payload(issued.token());
        assertFalse(claims.containsKey("tenant_id"), claims.toString());
        assertEquals(List.of(), claims.get("roles"));
        Reply reply = whoami(issued.token());
        assertEquals(200, reply.status(), reply::toString);
        assertEquals(null, reply.data().get("tenant_id"));
        assertEquals(List.of(), reply.data().get("roles"));
        assertThrows(IllegalArgumentException.class, () -> issuer.issue(" ", List.of(), null));
    }

    @Test
    void aTokenOfAnotherSecretIsStillRefused() {
        Reply reply = whoami(Tokens.jwt("alice").secret(SECRET.replace('0', '1')).token());
        assertEquals(401, reply.status(), reply::toString);
        assertEquals("INVALID_TOKEN", reply.code());
    }

    @Test
    void theTtlDefaultsToFifteenMinutesAndTheIssuerNeedsASecret() {
        try (ApplicationContext context = ApplicationContext.run(Databases.config(SPEC + "-default",
                "fx.security.jwt.secret", SECRET))) {
            TokenIssuer.IssuedToken issued = context.getBean(TokenIssuer.class).issue("dave", List.of(), null);
            assertEquals(Duration.ofMinutes(15), issued.expiresIn());
            assertFalse(payload(issued.token()).containsKey("iss"), "no issuer configured, none claimed");
            assertFalse(payload(issued.token()).containsKey("aud"));
        }
        try (ApplicationContext context = ApplicationContext.run(Databases.config(SPEC + "-keyless",
                "fx.security.jwt.public-key", Tokens.publicPem(Tokens.rsa("k"))))) {
            assertTrue(context.findBean(TokenIssuer.class).isEmpty(), "no secret, nothing to sign with");
        }
    }

    @Test
    void theConfiguredClaimNamesAreUsed() {
        try (ApplicationContext context = ApplicationContext.run(Databases.config(SPEC + "-claims",
                "fx.security.jwt.secret", SECRET, "fx.security.jwt.user-id-claim", "uid",
                "fx.security.jwt.roles-claim", "groups", "fx.security.jwt.tenant-claim", "org"))) {
            Map<String, Object> claims = payload(context.getBean(TokenIssuer.class).issue("erin", List.of("ops"), "acme")
                .token());
            assertEquals(Set.of("sub", "uid", "groups", "org", "jti", "sid", "iat", "exp"), claims.keySet());
            assertEquals("erin", claims.get("uid"));
            assertEquals(List.of("ops"), claims.get("groups"));
            assertEquals("acme", claims.get("org"));
        }
    }

    @Test
    void aTtlThatIsNotPositiveFailsStartup() {
        assertStartupFailure("fx.security.tokens.ttl must be positive", SPEC + "-zero",
            "fx.security.jwt.secret", SECRET,
            "fx.security.tokens.ttl", "0s");
    }

    @Test
    void aTtlLongerThanTheRevocationRetentionFailsStartup() {
        assertStartupFailure("fx.security.tokens.ttl (PT2H) exceeds fx.security.revocation.retain (PT1H)",
            SPEC + "-retain", "fx.security.jwt.secret", SECRET,
            "fx.security.tokens.ttl", "2h", "fx.security.revocation.store", "memory",
            "fx.security.revocation.retain", "1h");
    }

    @Test
    void aShortSecretFailsStartupAndVerificationOffMeansNoIssuer() {
        assertStartupFailure("fx.security.jwt.secret is 31 bytes", SPEC + "-short",
            "fx.security.jwt.secret", "0123456789abcdef0123456789abcde");
        try (ApplicationContext context = ApplicationContext.run(Databases.config(SPEC + "-off",
                "fx.security.jwt.secret", SECRET, "fx.security.jwt.enabled", "false"))) {
            assertTrue(context.findBean(TokenIssuer.class).isEmpty(), "no tokens this server would not accept");
        }
    }
}
