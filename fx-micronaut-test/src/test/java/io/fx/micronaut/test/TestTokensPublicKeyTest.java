package io.fx.micronaut.test;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import io.fx.micronaut.test.app.Book;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application that verifies RS256 tokens with a PEM public key (besides its HMAC secret): a token signed with the
 * matching private key ({@code signedWith(key)}) is valid, one of another RSA key is refused; and without a secret to
 * sign with, minting under the application's key fails naming what to do instead.
 */
@MicronautTest(transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestTokensPublicKeyTest implements TestPropertyProvider {

    private static final RSAKey KEY = rsa("app-key");

    @Inject
    TestTokens tokens;
    @Inject
    FxClient client;
    @Inject
    Fixtures fixtures;

    @Override
    public Map<String, String> getProperties() {
        try {
            return Map.of("fx.security.jwt.public-key", "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(KEY.toRSAPublicKey().getEncoded()) + "\n-----END PUBLIC KEY-----\n");
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private FxReply createAs(String token) {
        Map<String, Object> body = new java.util.LinkedHashMap<>(fixtures.of(Book.class).body());
        body.put("rack_id", fixtures.of("Rack").createId());
        return client.withToken(token).post("/api/books", body);
    }

    @Test
    void aTokenSignedWithThePrivateKeyOfThePublicKeyIsValid() {
        createAs(tokens.subject("alice").roles("editor").expiresIn(Duration.ofMinutes(1)).signedWith(KEY).token())
            .expectCreated();
        createAs(tokens.subject("alice").roles("editor").signedWith(rsa("other")).token())
            .expectError(401, "INVALID_TOKEN");
        createAs(tokens.subject("alice").roles("editor").signedWith(KEY).expired().token())
            .expectError(401, "TOKEN_EXPIRED");
    }

    @Test
    void withoutASecretTheApplicationsKeyCannotSign() {
        TestToken token = new TestToken(new TokenSettings(null, "sub", "roles", "scope", "tenant_id", null, null,
            Duration.ofMinutes(5), null), "alice").scopes("x");
        IllegalStateException failure = assertThrows(IllegalStateException.class, token::token);
        assertTrue(failure.getMessage().contains("signedWith(key)"), failure.getMessage());
    }

    private static RSAKey rsa(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
