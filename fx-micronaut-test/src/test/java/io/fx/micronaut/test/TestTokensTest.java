package io.fx.micronaut.test;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.test.app.Book;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.text.ParseException;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TestTokens against the real security module of the test application (application.yml: an HMAC secret, Book's
 * create needs the role editor and its update the scope books:write): its valid tokens are accepted with their
 * roles and scopes, each negative one is refused with its 401.
 */
@MicronautTest(transactional = false)
@TestDatabase
class TestTokensTest {

    static final String SECRET = "fx-micronaut-test-secret-0123456789-abcdef";

    @Inject
    TestTokens tokens;
    @Inject
    FxClient client;
    @Inject
    Fixtures fixtures;

    private Map<String, Object> book() {
        return fixtures.of(Book.class).body();
    }

    private FxReply createAs(String token) {
        Map<String, Object> body = new java.util.LinkedHashMap<>(book());
        body.put("rack_id", fixtures.of("Rack").createId());
        return client.withToken(token).post("/api/books", body);
    }

    @Test
    void aTokenOfSubjectRolesAndTenantIsTheApplicationsIssuers() throws ParseException {
        String token = tokens.subject("alice").roles("editor").tenant("acme").token();
        assertEquals(TokenIssuer.KEY_ID, JWSObject.parse(token).getHeader().getKeyID());
        createAs(token).expectCreated();
    }

    @Test
    void rolesDecideWhatTheTokenMayDo() {
        createAs(tokens.subject("bob").roles("reader").token()).expectError(403, "FORBIDDEN");
        createAs(tokens.subject("bob").token()).expectError(403, "FORBIDDEN");
        createAs(tokens.subject("carol").roles("editor").token()).expectCreated();
    }

    @Test
    void scopesAndALifetimeAreMintedUnderTheApplicationsSecret() throws ParseException {
        String id = fixtures.of(Book.class).createId();
        String scoped = tokens.subject("dave").scopes("books:write").expiresIn(Duration.ofMinutes(2)).token();
        assertNull(JWSObject.parse(scoped).getHeader().getKeyID(), "minted by Nimbus, not by the issuer");
        client.withToken(scoped).patch("/api/books/" + id, Map.of("note", "checked")).expectOk();
        client.withToken(tokens.subject("dave").scopes("books:read").token())
            .patch("/api/books/" + id, Map.of("note", "no")).expectError(403, "FORBIDDEN");
        client.withToken(tokens.subject("dave").roles("editor").claim("extra", "yes").token())
            .patch("/api/books/" + id, Map.of("note", "no")).expectError(403, "FORBIDDEN");
    }

    @Test
    void anExpiredTokenIsRefused() {
        createAs(tokens.subject("alice").roles("editor").expired().token()).expectError(401, "TOKEN_EXPIRED");
    }

    @Test
    void aTokenWithoutExpiryIsRefused() {
        FxReply reply = createAs(tokens.subject("alice").roles("editor").withoutExpiry().token());
        reply.expectError(401, "TOKEN_MISSING_EXPIRY");
        assertTrue(reply.header("WWW-Authenticate").contains("invalid_token"), reply::toString);
    }

    @Test
    void aTokenSignedWithAnotherKeyIsRefused() throws Exception {
        createAs(tokens.subject("alice").roles("editor").signedWith(TestTokens.otherSecret()).token())
            .expectError(401, "INVALID_TOKEN");
        createAs(tokens.subject("alice").roles("editor").signedWith(new RSAKeyGenerator(2048).keyID("k").generate())
            .token()).expectError(401, "INVALID_TOKEN");
        createAs(tokens.subject("alice").roles("editor").signedWith(new ECKeyGenerator(Curve.P_256).generate())
            .token()).expectError(401, "INVALID_TOKEN");
        createAs(tokens.subject("alice").roles("editor").signedWith(SECRET).token()).expectCreated();
    }

    @Test
    void anUnsignedTokenIsRefused() throws ParseException {
        String none = tokens.subject("alice").roles("editor").algNone().token();
        assertTrue(JWTParser.parse(none) instanceof PlainJWT, none);
        createAs(none).expectError(401, "INVALID_TOKEN");
    }

    @Test
    void tokensForASecretNeedNoContext() {
        createAs(TestTokens.forSecret(SECRET).subject("erin").roles("editor").token()).expectCreated();
        createAs(TestTokens.forSecret(TestTokens.otherSecret()).subject("erin").roles("editor").token())
            .expectError(401, "INVALID_TOKEN");
        assertEquals("Bearer ", TestTokens.forSecret(SECRET).subject("x").bearer().substring(0, 7));
    }

    @Test
    void aTokenNeedsASubject() {
        assertThrows(IllegalArgumentException.class, () -> tokens.subject(" "));
    }
}
