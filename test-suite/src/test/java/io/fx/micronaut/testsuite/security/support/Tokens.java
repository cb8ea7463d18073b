package io.fx.micronaut.testsuite.security.support;

import com.nimbusds.jose.EncryptionMethod;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWEAlgorithm;
import com.nimbusds.jose.JWEHeader;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSAEncrypter;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.test.TestTokens;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.util.Base64;
import java.util.Date;
import java.util.UUID;

/**
 * Mints the security tests' tokens with Nimbus. {@link #jwt(String)} starts a token for a subject, valid by
 * default (HS256 under {@link #SECRET}, issued now, expiring in five minutes), which a test then gives roles,
 * scopes, a tenant or any claim, or makes deliberately bad: expired, without expiry, signed with another
 * key, unsigned ({@code alg: none}), of another issuer or audience. {@link #testTokens()} gives fx-micronaut-test's
 * {@link TestTokens} under the same secret, which newer tests use. The static methods below it sign claims
 * as given, make keys and their PEM text, and write a token whose {@code iat} has milliseconds.
 */
public final class Tokens {

    /** The HMAC secret of the security tests and of {@code application-security-yaml.yml}: 64 bytes, enough for HS512. */
    public static final String SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    private Tokens() {
    }

    /**
     * @return fx-micronaut-test's {@link TestTokens} under {@link #SECRET}, the default claim names and a five-minute
     *     lifetime: the tokens of an application configured with {@link #SECRET}, valid or deliberately refused
     */
    public static TestTokens testTokens() {
        return TestTokens.forSecret(SECRET);
    }

    /** @return a token for {@code sub} being minted, see {@link Jwt} */
    public static Jwt jwt(String subject) {
        return new Jwt(subject);
    }

    /** @return a random id, for {@code jti} claims and user names no other test uses */
    public static String id() {
        return UUID.randomUUID().toString();
    }

    public static RSAKey rsa(String kid) {
        return rsa(kid, 2048);
    }

    /** @return an RSA key of that size, also under 2048 bits (which the verifier refuses) */
    public static RSAKey rsa(String kid, int bits) {
        try {
            return new RSAKeyGenerator(bits, true).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ECKey ec(String kid) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @return the public key on secp256k1 (a curve RFC 7518 does not name for ES256/384/512) at the curve's base
     * point: the JDK cannot generate keys on it, and a public key is all a key set holds
     */
    public static ECKey secp256k1(String kid) {
        return new ECKey.Builder(Curve.SECP256K1,
            Base64URL.encode(new BigInteger("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798", 16)),
            Base64URL.encode(new BigInteger("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8", 16)))
            .keyID(kid).build();
    }

    /** @return claims for {@code sub}, issued now, expiring in five minutes */
    public static JWTClaimsSet.Builder claims(String subject) {
        long now = System.currentTimeMillis();
        return new JWTClaimsSet.Builder().subject(subject).issueTime(new Date(now))
            .expirationTime(new Date(now + 300_000));
    }

    public static Date secondsFromNow(long seconds) {
        return new Date(System.currentTimeMillis() + seconds * 1000);
    }

    public static String hmac(JWSAlgorithm algorithm, String secret, JWTClaimsSet claims) {
        return hmac(algorithm, secret.getBytes(StandardCharsets.UTF_8), claims);
    }

    public static String hmac(JWSAlgorithm algorithm, byte[] secret, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(algorithm), claims);
            jwt.sign(new MACSigner(secret));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String rsa(RSAKey key, JWTClaimsSet claims) {
        return rsa(key, JWSAlgorithm.RS256, claims);
    }

    public static String rsa(RSAKey key, JWSAlgorithm algorithm, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).keyID(key.getKeyID()).build(), claims);
            jwt.sign(new RSASSASigner(key.toPrivateKey(), true));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String ec(ECKey key, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID()).build(), claims);
            jwt.sign(new ECDSASigner(key));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * An HS256 token whose {@code iat} is a fractional number of seconds, as the module's own issuer writes it
     * ({@link com.nimbusds.jwt.JWTClaimsSet} writes whole seconds only).
     *
     * @param secret     the HMAC secret
     * @param subject    the {@code sub}
     * @param jti        the {@code jti}, or null for none
     * @param iatMillis  the {@code iat} in epoch milliseconds, or null for none
     * @param ttlSeconds {@code exp} is this long after {@code iat} (or now)
     * @return the token
     */
    public static String millisecondToken(String secret, String subject, String jti, Long iatMillis, long ttlSeconds) {
        return hmacPayload(secret, null, millisecondPayload(subject, jti, iatMillis, ttlSeconds));
    }

    /**
     * As {@link #millisecondToken(String, String, String, Long, long)}, with {@link TokenIssuer}'s {@code kid}: a
     * token as the module's own issuer signs it, whose {@code iat} a logout-all cutoff compares without the skew.
     */
    public static String issuerToken(String secret, String subject, String jti, long iatMillis, long ttlSeconds) {
        return hmacPayload(secret, TokenIssuer.KEY_ID, millisecondPayload(subject, jti, iatMillis, ttlSeconds));
    }

    private static String millisecondPayload(String subject, String jti, Long iatMillis, long ttlSeconds) {
        long base = iatMillis == null ? System.currentTimeMillis() : iatMillis;
        StringBuilder json = new StringBuilder("{\"sub\":\"").append(subject).append('"');
        if (jti != null) {
            json.append(",\"jti\":\"").append(jti).append('"');
        }
        if (iatMillis != null) {
            json.append(",\"iat\":").append(BigDecimal.valueOf(iatMillis, 3).toPlainString());
        }
        json.append(",\"exp\":").append(base / 1000 + ttlSeconds).append('}');
        return json.toString();
    }

    /** @return an HS256 token of the payload as given, under {@code secret} */
    public static String hmacPayload(String secret, String payloadJson) {
        return hmacPayload(secret, null, payloadJson);
    }

    /** As {@link #hmacPayload(String, String)}, with a {@code kid} in the header (null for none). */
    public static String hmacPayload(String secret, String kid, String payloadJson) {
        try {
            JWSObject jws = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(kid).build(),
                new Payload(payloadJson));
            jws.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
            return jws.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return {@link #millisecondToken} with a new {@code jti}, issued now, living five minutes */
    public static String millisecondToken(String secret, String subject) {
        return millisecondToken(secret, subject, id(), System.currentTimeMillis(), 300);
    }

    public static String unsigned(JWTClaimsSet claims) {
        return new PlainJWT(claims).serialize();
    }

    public static String encrypted(RSAKey key, JWTClaimsSet claims) {
        try {
            EncryptedJWT jwt = new EncryptedJWT(new JWEHeader(JWEAlgorithm.RSA_OAEP_256, EncryptionMethod.A128GCM), claims);
            jwt.encrypt(new RSAEncrypter(key.toRSAPublicKey()));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String pem(Key key) {
        return "-----BEGIN PUBLIC KEY-----\n"
            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.getEncoded())
            + "\n-----END PUBLIC KEY-----\n";
    }

    public static String publicPem(RSAKey key) {
        try {
            return pem(key.toRSAPublicKey());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String publicPem(ECKey key) {
        try {
            return pem(key.toECPublicKey());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
