package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.JWSAlgorithm;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bearer configuration that cannot work fails at startup, naming the key; {@code enabled: false} turns it off. */
@TestDatabase
class JwtStartupTest {

    static final String SPEC = "JwtStartupTest";

    @Test
    void enabledWithoutAKeyFailsNamingTheSecret() {
        assertStartupFailure("fx.security.jwt.secret", SPEC, "fx.security.jwt.enabled", "true");
    }

    @Test
    void aBlankSecretFails() {
        assertStartupFailure("fx.security.jwt.secret is blank", SPEC, "fx.security.jwt.secret", "   ");
    }

    @Test
    void aSecretUnder32BytesFails() {
        String message = assertStartupFailure("fx.security.jwt.secret is 31 bytes", SPEC,
            "fx.security.jwt.secret", "0123456789abcdef0123456789abcde");
        assertTrue(message.contains("at least 32 bytes"), message);
    }

    @Test
    void aPublicKeyThatIsNotPemFails() {
        assertStartupFailure("fx.security.jwt.public-key is not a PEM public key", SPEC,
            "fx.security.jwt.public-key", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----");
    }

    @Test
    void aPemRsaKeyUnder2048BitsFailsNamingTheKey() {
        String message = assertStartupFailure("fx.security.jwt.public-key", SPEC, "fx.security.jwt.public-key",
            Tokens.publicPem(Tokens.rsa("weak", 1024)));
        assertTrue(message.contains("fx.security.jwt.public-key") && message.contains("1024 bits")
            && message.contains("2048"), message);
    }

    @Test
    void anAlgorithmNoKeyCanVerifyFails() {
        assertStartupFailure("fx.security.jwt.algorithms names RS256", SPEC,
            "fx.security.jwt.secret", SECRET, "fx.security.jwt.algorithms", "RS256");
    }

    @Test
    void aKeySetAddressThatIsNotHttpFails() {
        assertStartupFailure("fx.security.jwt.jwks.url is not an https address", SPEC,
            "fx.security.jwt.jwks.url", "ftp://keys.example/jwks");
    }

    @Test
    void hs384And512NeedLongerSecretsOtherwiseTheTokenIsInvalid() {
        String secret = "0123456789abcdef0123456789abcdef";
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                Databases.config(SPEC, "fx.security.jwt.secret", secret))) {
            Api api = new Api(server);
            assertEquals(200, api.withBearer(Tokens.jwt("u").secret(secret).token()).get("/api/dossiers").status());
            for (JWSAlgorithm algorithm : new JWSAlgorithm[] {JWSAlgorithm.HS384, JWSAlgorithm.HS512}) {
                // signed with a secret long enough for the algorithm, whose first 32 bytes are the server's
                String longer = Tokens.jwt("u").secret(secret + secret).algorithm(algorithm).token();
                Api.Reply reply = api.withBearer(longer).get("/api/dossiers");
                assertEquals(401, reply.status(), reply::toString);
                assertEquals("INVALID_TOKEN", reply.code());
                assertEquals("the secret is too short for " + algorithm.getName(), reply.error().get("message"));
            }
        }
    }

    @Test
    void blankMalformedDuplicateOrOwnerlessApiKeysFail() {
        assertStartupFailure("fx.security.api-keys.entries[0].key is blank", SPEC,
            "fx.security.api-keys.entries[0].key", " ", "fx.security.api-keys.entries[0].user-id", "u");
        assertStartupFailure("fx.security.api-keys.entries[1] repeats a key", SPEC,
            "fx.security.api-keys.entries[0].key", "same-key-123",
            "fx.security.api-keys.entries[0].user-id", "a",
            "fx.security.api-keys.entries[1].key-sha256", "f63b17cfd39d5abfd746323c3a0dc4428177c094ef9775f4969d5de39a9db3de",
            "fx.security.api-keys.entries[1].user-id", "b");
        assertStartupFailure("key-sha256 is not 64 hex digits", SPEC,
            "fx.security.api-keys.entries[0].key-sha256", "abc",
            "fx.security.api-keys.entries[0].user-id", "a");
        assertStartupFailure("fx.security.api-keys.entries[0].user-id is missing", SPEC,
            "fx.security.api-keys.entries[0].key", "k-0123456789");
    }

    @Test
    void aBlankIssuerOrAudienceIsUnset() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC,
                "fx.security.jwt.secret", SECRET, "fx.security.jwt.issuer", "",
                "fx.security.jwt.audience", " "))) {
            assertEquals(200, new Api(server).withBearer(Tokens.jwt("u").token()).get("/api/dossiers").status());
        }
    }

    @Test
    void enabledFalseTurnsVerificationOffDespiteAKey() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class,
                Databases.config(SPEC, "fx.security.jwt.secret", "", "fx.security.jwt.enabled", "false"))) {
            assertEquals(200, new Api(server).get("/api/dossiers").status());
        }
    }
}
