package io.fx.micronaut.examples.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.Map;

/** HS256 tokens for the blog, minted with Nimbus as an identity provider would. */
final class Tokens {

    /** 40 bytes: HS256 needs at least 32. */
    static final String SECRET = "blog-test-secret-0123456789-abcdefghijkl";

    private Tokens() {
    }

    /**
     * @param subject the user id
     * @param claims  more claims ({@code roles}, {@code tenant_id}, {@code suspended}, ...)
     * @return a token valid for an hour
     */
    static String mint(String subject, Map<String, Object> claims) {
        JWTClaimsSet.Builder set = new JWTClaimsSet.Builder().subject(subject)
            .expirationTime(Date.from(Instant.now().plusSeconds(3600)));
        claims.forEach(set::claim);
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), set.build());
        try {
            jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }
}
