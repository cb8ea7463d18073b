package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.EncryptionMethod;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWEAlgorithm;
import com.nimbusds.jose.JWEHeader;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.DirectEncrypter;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.micronaut.http.HttpRequest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link JwtVerification} built from a configuration made in code, with tokens minted by Nimbus: the key
 * families and algorithms it accepts, the signature before the claims, the startup checks of its keys and
 * its token hooks. Every refusal of a presented token is 401 {@code INVALID_TOKEN} unless a claim check
 * names another code.
 */
class JwtVerificationTest {

    private static final byte[] SECRET = JwtSettings.SECRET.getBytes(StandardCharsets.UTF_8);
    private static final String LONG_SECRET = JwtSettings.SECRET.repeat(2);

    private static RSAKey rsa;
    private static RSAKey otherRsa;

    private final RequestContext context = RequestContext.builder(Operation.ACTION).requestId("r1").request(HttpRequest.GET("/")).build();

    @BeforeAll
    static void keys() throws JOSEException {
        rsa = new RSAKeyGenerator(2048).generate();
        otherRsa = new RSAKeyGenerator(2048).generate();
    }

    @Test
    void aTokenSignedWithTheSecretGivesItsPrincipal() {
        String token = sign(JWSAlgorithm.HS256, mac(SECRET), claims().claim("roles", List.of("editor")).build());
        AuthInfo principal = verifier(JwtSettings.hmac()).verify(context, token, "jwt");
        assertEquals("user-1", principal.userId());
        assertEquals(List.of("editor"), principal.roles());
        assertEquals("jwt", principal.authMethod());
    }

    @Test
    void aSignatureByAnotherSecretIsRefused() {
        String token = sign(JWSAlgorithm.HS256, mac(LONG_SECRET.getBytes(StandardCharsets.UTF_8)), claims().build());
        assertRefused("INVALID_TOKEN", "invalid signature", verifier(JwtSettings.hmac()), token);
    }

    @Test
    void unsignedAndEncryptedTokensAreRefused() throws JOSEException {
        JwtVerification verifier = verifier(JwtSettings.hmac());
        assertRefused("INVALID_TOKEN", "unsigned tokens are not accepted", verifier, new PlainJWT(claims().build()).serialize());
        EncryptedJWT encrypted = new EncryptedJWT(new JWEHeader(JWEAlgorithm.DIR, EncryptionMethod.A256GCM), claims().build());
        encrypted.encrypt(new DirectEncrypter(SECRET));
        assertRefused("INVALID_TOKEN", "encrypted tokens are not accepted", verifier, encrypted.serialize());
    }

    @Test
    void malformedTokensAreRefused() {
        JwtVerification verifier = verifier(JwtSettings.hmac());
        String token = sign(JWSAlgorithm.HS256, mac(SECRET), claims().build());
        for (String malformed : List.of("abc", "a.b.c", token + "x", token + " " + token)) {
            CredentialRefusedException e = assertThrows(CredentialRefusedException.class,
                () -> verifier.verify(context, malformed, "jwt"), malformed);
            assertEquals("INVALID_TOKEN", e.getCode(), malformed);
            assertTrue(e.isTokenPresented());
        }
    }

    @Test
    void aPublicKeyVerifiesRsaTokensAndMeetsNoHmacToken() throws JOSEException {
        String pem = pem(rsa);
        JwtVerification verifier = verifier(JwtSettings.hmac().withSecret(null).withPublicKey(pem));
        String token = sign(JWSAlgorithm.RS256, new RSASSASigner(rsa), claims().build());
        assertEquals("user-1", verifier.verify(context, token, "jwt").userId());
        assertRefused("INVALID_TOKEN", "invalid signature", verifier,
            sign(JWSAlgorithm.RS256, new RSASSASigner(otherRsa), claims().build()));
        // the key confusion attack: the public key's own bytes as an HMAC secret
        String confused = sign(JWSAlgorithm.HS256, mac(pem.getBytes(StandardCharsets.US_ASCII)), claims().build());
        assertRefused("INVALID_TOKEN", "algorithm HS256 is not accepted", verifier, confused);
    }

    @Test
    void onlyTheConfiguredAlgorithmsAreAccepted() {
        JwtVerification verifier = verifier(JwtSettings.hmac().withSecret(LONG_SECRET).withAlgorithms("HS512"));
        byte[] secret = LONG_SECRET.getBytes(StandardCharsets.UTF_8);
        assertEquals("user-1", verifier.verify(context, sign(JWSAlgorithm.HS512, mac(secret), claims().build()), "jwt")
            .userId());
        assertRefused("INVALID_TOKEN", "algorithm HS256 is not accepted", verifier,
            sign(JWSAlgorithm.HS256, mac(secret), claims().build()));
    }

    @Test
    void aSecretTooShortForTheTokensAlgorithmRefusesIt() {
        String token = sign(JWSAlgorithm.HS512, mac(LONG_SECRET.getBytes(StandardCharsets.UTF_8)), claims().build());
        assertRefused("INVALID_TOKEN", "the secret is too short for HS512", verifier(JwtSettings.hmac()), token);
    }

    @Test
    void onlyJwtTokenTypesAreAccepted() {
        JwtVerification verifier = verifier(JwtSettings.hmac());
        for (String type : new String[] {"JWT", "at+jwt"}) {
            assertEquals("user-1", verifier.verify(context, sign(JWSAlgorithm.HS256, mac(SECRET), claims().build(),
                new JOSEObjectType(type)), "jwt").userId(), type);
        }
        assertRefused("INVALID_TOKEN", "token type not accepted", verifier,
            sign(JWSAlgorithm.HS256, mac(SECRET), claims().build(), new JOSEObjectType("dpop+jwt")));
    }

    @Test
    void theSignatureIsCheckedBeforeTheClaims() {
        JwtVerification verifier = verifier(JwtSettings.hmac());
        JWTClaimsSet expired = claims().expirationTime(Date.from(Instant.now().minusSeconds(3600))).build();
        assertRefused("TOKEN_EXPIRED", "token expired", verifier, sign(JWSAlgorithm.HS256, mac(SECRET), expired));
        assertRefused("INVALID_TOKEN", "invalid signature", verifier,
            sign(JWSAlgorithm.HS256, mac(LONG_SECRET.getBytes(StandardCharsets.UTF_8)), expired));
    }

    @Test
    void aTokenWhoseSignatureIsRememberedStillHasItsClaimsChecked() throws InterruptedException {
        JwtVerification verifier = verifier(JwtSettings.hmac().withClockSkew(Duration.ZERO));
        long expiry = Instant.now().getEpochSecond() + 1;
        String token = sign(JWSAlgorithm.HS256, mac(SECRET), claims().expirationTime(new Date(expiry * 1000)).build());
        assertEquals("user-1", verifier.verify(context, token, "jwt").userId());
        Thread.sleep(Math.max(0, expiry * 1000 + 20 - System.currentTimeMillis()));
        assertRefused("TOKEN_EXPIRED", "token expired", verifier, token);
    }

    @Test
    void hooksEnrichThePrincipalInOrderOrRefuseTheToken() {
        List<String> seen = new ArrayList<>();
        TokenHook promote = (c, claims, principal) -> {
            seen.add("promote " + claims.get("sub"));
            return AuthInfo.of(principal.userId(), "admin");
        };
        TokenHook keep = (c, claims, principal) -> {
            seen.add("keep " + principal.roles());
            return null;
        };
        String token = sign(JWSAlgorithm.HS256, mac(SECRET), claims().build());
        AuthInfo principal = verifier(JwtSettings.hmac(), promote, keep).verify(context, token, "jwt");
        assertEquals(List.of("admin"), principal.roles(), "a hook returning null keeps the principal it got");
        assertEquals(List.of("promote user-1", "keep [admin]"), seen);

        TokenHook reject = (c, claims, p) -> {
            throw new TokenRejectedException("account locked");
        };
        assertRefused("INVALID_TOKEN", "account locked", verifier(JwtSettings.hmac(), reject), token);
        TokenHook broken = (c, claims, p) -> {
            throw new IllegalStateException("directory down");
        };
        assertRefused("INVALID_TOKEN", "token rejected", verifier(JwtSettings.hmac(), broken), token);
    }

    @Test
    void startupFailsForMissingOrUnusableKeys() {
        assertThrows(FxConfigurationException.class, () -> verifier(JwtSettings.hmac().withSecret(null)), "no key");
        assertThrows(FxConfigurationException.class, () -> verifier(JwtSettings.hmac().withSecret(" ")), "a blank secret");
        assertThrows(FxConfigurationException.class,
            () -> verifier(JwtSettings.hmac().withSecret(JwtSettings.SECRET.substring(1))), "31 bytes");
        assertThrows(FxConfigurationException.class, () -> verifier(JwtSettings.hmac().withAlgorithms("RS256")),
            "an algorithm no configured key verifies");
        assertThrows(FxConfigurationException.class, () -> verifier(JwtSettings.hmac().withPublicKey("not a key")));
    }

    private static JwtVerification verifier(JwtSettings settings, TokenHook... hooks) {
        return new JwtVerification(settings, new NoKeySet(), List.of(hooks), new NoRevocation(), null);
    }

    private void assertRefused(String code, String message, JwtVerification verifier, String token) {
        CredentialRefusedException e = assertThrows(CredentialRefusedException.class,
            () -> verifier.verify(context, token, "jwt"));
        assertEquals(code, e.getCode(), e.getMessage());
        assertEquals(message, e.getMessage());
        assertEquals(401, e.getStatus());
        assertTrue(e.isTokenPresented(), "the challenge names invalid_token");
    }

    private static JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder().subject("user-1").expirationTime(Date.from(Instant.now().plusSeconds(300)));
    }

    private static String sign(JWSAlgorithm algorithm, JWSSigner signer, JWTClaimsSet claims) {
        return sign(algorithm, signer, claims, JOSEObjectType.JWT);
    }

    private static String sign(JWSAlgorithm algorithm, JWSSigner signer, JWTClaimsSet claims, JOSEObjectType type) {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).type(type).build(), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    private static JWSSigner mac(byte[] secret) {
        try {
            return new MACSigner(secret);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(RSAKey key) throws JOSEException {
        return "-----BEGIN PUBLIC KEY-----\n"
            + Base64.getMimeEncoder().encodeToString(key.toRSAPublicKey().getEncoded())
            + "\n-----END PUBLIC KEY-----\n";
    }

    /** No key set configured. */
    private static final class NoKeySet implements JwksConfiguration {
        @Override
        public Optional<String> getUrl() {
            return Optional.empty();
        }

        @Override
        public Optional<String> getCaCert() {
            return Optional.empty();
        }

        @Override
        public Duration getCacheTtl() {
            return Duration.ofHours(1);
        }

        @Override
        public Duration getMinRefetchInterval() {
            return Duration.ofSeconds(30);
        }

        @Override
        public Duration getTimeout() {
            return Duration.ofSeconds(5);
        }
    }

    /** No revocation store configured. */
    private static final class NoRevocation implements RevocationConfiguration {
        @Override
        public Optional<String> getStore() {
            return Optional.empty();
        }

        @Override
        public Duration getTimeout() {
            return Duration.ofSeconds(1);
        }

        @Override
        public Duration getRetain() {
            return Duration.ofHours(24);
        }
    }
}
