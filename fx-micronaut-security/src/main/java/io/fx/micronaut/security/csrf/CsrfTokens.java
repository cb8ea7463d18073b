package io.fx.micronaut.security.csrf;

import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.cookie.Cookie;
import jakarta.inject.Singleton;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Hands CSRF tokens to clients, for example from a login action: {@link #issueCookie} sets the double-submit
 * cookie, {@link #signed(String)} computes the signed mode's token of a session id. The client echoes the token
 * in the configured header ({@code X-CSRF-Token}) on POST, PUT, PATCH and DELETE.
 *
 * <pre>{@code
 * Action.post("/login", context -> {
 *     ...
 *     String csrf = tokens.mode() == CsrfMode.SIGNED ? tokens.signed(sessionId) : tokens.issueCookie(context);
 *     return Map.of("data", Map.of("csrf_token", csrf));
 * });
 * }</pre>
 *
 * @since 0.5.0
 */
@Singleton
public final class CsrfTokens {

    /** Random bytes in a double-submit token. */
    public static final int TOKEN_BYTES = 32;
    /** Characters of a double-submit token: 32 bytes, base64url without padding. */
    static final int TOKEN_CHARS = 43;
    private static final String HMAC = "HmacSHA256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final CsrfSettings settings;
    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec key;

    CsrfTokens(CsrfSettings settings) {
        this.settings = settings;
        byte[] secret = settings.secret();
        this.key = secret == null ? null : new SecretKeySpec(secret, HMAC);
    }

    /** @return the configured mode */
    @NonNull
    public CsrfMode mode() {
        return settings.mode();
    }

    /**
     * Sets the double-submit cookie on the answer ({@code Path=/}, {@code SameSite} and {@code Secure} as
     * configured, readable by scripts), whatever the mode. A well-formed token the request's cookie already
     * holds is kept, so tokens of open tabs stay valid; otherwise a new one is drawn.
     *
     * @param context the request
     * @return the token, for the client to echo in the header
     */
    @NonNull
    public String issueCookie(@NonNull RequestContext context) {
        String token = requestCookie(context).filter(CsrfTokens::wellFormed).orElseGet(this::newToken);
        context.response().addCookie(Cookie.of(settings.cookieName(), token).path("/").sameSite(settings.sameSite())
            .secure(settings.secure()).httpOnly(false));
        return token;
    }

    /**
     * @param sessionId the caller's session id
     * @return the signed mode's token: base64url-unpadded HMAC-SHA256 of the session id under the configured secret
     * @throws IllegalStateException when {@code fx.security.csrf.secret} is not set
     */
    @NonNull
    public String signed(@NonNull String sessionId) {
        if (key == null) {
            throw new IllegalStateException(CsrfConfiguration.PREFIX + ".secret is not set");
        }
        return hmac(key, sessionId);
    }

    /**
     * @param sessionId the session id
     * @param secret    the secret, at least {@value CsrfConfiguration#MIN_SECRET_BYTES} bytes in UTF-8
     * @return base64url-unpadded HMAC-SHA256 of the session id under the secret
     * @throws IllegalArgumentException when the secret is shorter
     */
    @NonNull
    public static String signed(@NonNull String sessionId, @NonNull String secret) {
        byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < CsrfConfiguration.MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("the CSRF secret must be at least "
                + CsrfConfiguration.MIN_SECRET_BYTES + " bytes");
        }
        return hmac(new SecretKeySpec(bytes, HMAC), sessionId);
    }

    /** @return the request's double-submit cookie value, as sent */
    Optional<String> requestCookie(RequestContext context) {
        HttpRequest<?> request = context.getRequest().orElse(null);
        return request == null ? Optional.empty()
            : request.getCookies().findCookie(settings.cookieName()).map(Cookie::getValue);
    }

    /** @return whether the value is a token this class draws: 43 base64url characters */
    static boolean wellFormed(@Nullable String value) {
        if (value == null || value.length() != TOKEN_CHARS) {
            return false;
        }
        for (int i = 0; i < TOKEN_CHARS; i++) {
            char c = value.charAt(i);
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    private String newToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        random.nextBytes(bytes);
        return ENCODER.encodeToString(bytes);
    }

    private static String hmac(SecretKeySpec key, String sessionId) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return ENCODER.encodeToString(mac.doFinal(sessionId.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
