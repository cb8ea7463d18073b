package io.fx.micronaut.test;

import io.fx.micronaut.security.jwt.JwtConfiguration;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Bearer tokens for the application under test, signed with its own {@code fx.security.jwt.*} key and written with
 * its claim names ({@code roles-claim}, {@code scopes-claim}, {@code tenant-claim}, {@code issuer}, {@code audience}):
 *
 * <pre>{@code
 * @Inject TestTokens tokens;
 *
 * String editor = tokens.subject("alice").roles("editor").tenant("acme").token();   // TokenIssuer's own token
 * String reader = tokens.subject("bob").scopes("posts:read").expiresIn(Duration.ofMinutes(1)).token();
 * String expired = tokens.subject("alice").expired().token();                        // each refused with 401
 * String endless = tokens.subject("alice").withoutExpiry().token();
 * String forged = tokens.subject("alice").signedWith(TestTokens.otherSecret()).token();
 * String unsigned = tokens.subject("alice").algNone().token();
 * }</pre>
 *
 * A token of a subject, roles and a tenant alone is the application's {@link TokenIssuer}'s (when it has one:
 * a {@code secret} and bearer verification on); any other is minted with Nimbus under the same secret. A bean when
 * the security module is on the classpath; {@link #forSecret(String)} serves tests without a context.
 *
 * @since 0.9.0
 */
@Singleton
@Requires(classes = TokenIssuer.class)
public final class TestTokens {

    private static final int OTHER_SECRET_BYTES = 48;

    private final TokenSettings settings;

    @Inject
    TestTokens(JwtConfiguration jwt, Optional<TokenIssuer> issuer) {
        this(TokenSettings.of(jwt, issuer.orElse(null)));
    }

    private TestTokens(TokenSettings settings) {
        this.settings = settings;
    }

    /**
     * @param secret an HMAC secret of at least 32 bytes, as {@code fx.security.jwt.secret} holds it
     * @return tokens signed HS256 with it, with the default claim names, living five minutes; for a test without
     *     an application context
     */
    @NonNull
    public static TestTokens forSecret(@NonNull String secret) {
        return new TestTokens(TokenSettings.forSecret(secret));
    }

    /** @return a random HMAC secret of 64 characters, which no application under test uses */
    @NonNull
    public static String otherSecret() {
        byte[] bytes = new byte[OTHER_SECRET_BYTES];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * @param subject the user id ({@code sub})
     * @return a token of that subject being minted: valid until one of its negative methods says otherwise
     */
    @NonNull
    public TestToken subject(@NonNull String subject) {
        return new TestToken(settings, subject);
    }
}
