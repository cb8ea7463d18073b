package io.fx.micronaut.examples.security;

import io.fx.micronaut.test.TestToken;
import io.fx.micronaut.test.TestTokens;

import java.time.Duration;
import java.util.Map;

/**
 * HS256 tokens for the blog, as an identity provider would mint them: fx-micronaut-test's {@link TestTokens} under
 * {@link #SECRET} (the blog tests' {@code BLOG_JWT_SECRET}).
 */
final class Tokens {

    /** 40 bytes: HS256 needs at least 32. */
    static final String SECRET = "blog-test-secret-0123456789-abcdefghijkl";

    private Tokens() {
    }

    /**
     * @param subject the user id
     * @param claims  more claims ({@code roles}, {@code tenant_id}, {@code suspended}, ...)
     * @return a token valid for an hour, with {@code sub}, {@code exp} and those claims only (no {@code jti}: it
     *     cannot be revoked)
     */
    static String mint(String subject, Map<String, Object> claims) {
        TestToken token = TestTokens.forSecret(SECRET).subject(subject).expiresIn(Duration.ofHours(1))
            .claim("jti", null).claim("iat", null).claim("roles", null);
        claims.forEach(token::claim);
        return token.token();
    }
}
