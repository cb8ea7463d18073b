package io.fx.micronaut.security.csrf;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.cookie.RequestCookies;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.cookie.Cookie;
import jakarta.inject.Singleton;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Hands CSRF tokens to clients, for example from a login action: {@link #issueCookie(RequestContext, String)}
 * sets the double-submit cookie for a session that starts, {@link #signed(String)} computes the signed mode's
 * token of a session id. The client echoes the token in the configured header ({@code X-CSRF-Token}) on POST,
 * PUT, PATCH and DELETE.
 *
 * <p>A double-submit token is bound to its session: a random part, a dot, and the HMAC-SHA256 under
 * {@code fx.security.csrf.secret} of the random part and the session id (none for a caller without one). A
 * token drawn for another session, or planted before the login, does not pass for the caller's.</p>
 *
 * <pre>{@code
 * Action.post("/login", context -> {
 *     ...
 *     String csrf = tokens.mode() == CsrfMode.SIGNED ? tokens.signed(sessionId) : tokens.issueCookie(context, sessionId);
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
    /** Characters of each half of a double-submit token (32 bytes, base64url without padding) and of a signed one. */
    static final int PART_CHARS = 43;
    private static final String HMAC = "HmacSHA256";
    /** Keeps a double-submit token's HMAC apart from the signed mode's, should a secret serve both. */
    private static final String BINDING = "double-submit\n";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final CsrfSettings settings;
    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec key;
    /** A MAC under the configured key per thread: a cookie's binding is checked on every request of a session. */
    private final ThreadLocal<Mac> macs;

    CsrfTokens(CsrfSettings settings) {
        this.settings = settings;
        byte[] secret = settings.secret();
        this.key = secret == null ? null : new SecretKeySpec(secret, HMAC);
        this.macs = key == null ? null : ThreadLocal.withInitial(() -> mac(key));
    }

    /** @return the configured mode */
    @NonNull
    public CsrfMode mode() {
        return settings.mode();
    }

    /**
     * Sets the double-submit cookie for the caller's current session on the answer ({@code Path=/}, {@code
     * SameSite} and {@code Secure} as configured, readable by scripts). A token the request's cookie already holds
     * for that session is kept, so tokens of open tabs stay valid; otherwise a new one is drawn. Not for a login:
     * the session that starts there is not yet the caller's, so call {@link #issueCookie(RequestContext, String)}
     * with its id (a token bound to no session is refused once the session is on).
     *
     * @param context the request
     * @return the token, for the client to echo in the header
     * @throws IllegalStateException when CSRF protection is off
     * @throws io.fx.micronaut.exception.FxException 400 {@code MALFORMED_REQUEST} when the request carries the
     *     cookie more than once
     */
    @NonNull
    public String issueCookie(@NonNull RequestContext context) {
        String session = sessionOf(context);
        String token = requestCookie(context).filter(held -> bound(held, session)).orElseGet(() -> newToken(session));
        setCookie(context, token);
        return token;
    }

    /**
     * Draws a new double-submit token bound to a session that starts (a login) and sets it as the cookie on the
     * answer, whatever cookie the request holds, so that a cookie planted before the login does not survive it.
     *
     * @param context   the request
     * @param sessionId the new session's id, or null for a caller without one
     * @return the token, for the client to echo in the header
     * @throws IllegalStateException when CSRF protection is off
     * @since 0.7.0
     */
    @NonNull
    public String issueCookie(@NonNull RequestContext context, @Nullable String sessionId) {
        String token = newToken(sessionId == null ? "" : sessionId);
        setCookie(context, token);
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
        return hmac(macs.get(), sessionId);
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
        return hmac(mac(new SecretKeySpec(bytes, HMAC)), sessionId);
    }

    /**
     * @return the request's double-submit cookie value, as sent
     * @throws io.fx.micronaut.exception.FxException 400 {@code MALFORMED_REQUEST} when the request carries the
     *     cookie more than once
     */
    Optional<String> requestCookie(RequestContext context) {
        HttpRequest<?> request = context.getRequest().orElse(null);
        return request == null ? Optional.empty() : RequestCookies.single(request, settings.cookieName());
    }

    /** @return the session id a caller's double-submit token is bound to: its principal's, or none ({@code ""}) */
    static String sessionOf(RequestContext context) {
        String session = context.getPrincipal().map(AuthInfo::sessionId).orElse(null);
        return session == null ? "" : session;
    }

    /**
     * @param token   a double-submit token, as a client sent it
     * @param session the session id it must be bound to ({@code ""} for none)
     * @return whether this class drew it for that session (the HMAC compared in constant time)
     */
    boolean bound(@Nullable String token, String session) {
        if (key == null || token == null || token.length() != 2 * PART_CHARS + 1 || token.charAt(PART_CHARS) != '.') {
            return false;
        }
        String nonce = token.substring(0, PART_CHARS);
        return MessageDigest.isEqual(binding(nonce, session).getBytes(StandardCharsets.US_ASCII),
            token.substring(PART_CHARS + 1).getBytes(StandardCharsets.US_ASCII));
    }

    private String newToken(String session) {
        if (key == null) {
            throw new IllegalStateException("CSRF protection is off: " + CsrfConfiguration.PREFIX + ".mode");
        }
        byte[] bytes = new byte[TOKEN_BYTES];
        random.nextBytes(bytes);
        String nonce = ENCODER.encodeToString(bytes);
        return nonce + '.' + binding(nonce, session);
    }

    private String binding(String nonce, String session) {
        return hmac(macs.get(), BINDING + nonce + '\n' + session);
    }

    private void setCookie(RequestContext context, String token) {
        context.response().addCookie(Cookie.of(settings.cookieName(), token).path("/").sameSite(settings.sameSite())
            .secure(settings.secure()).httpOnly(false));
    }

    private static String hmac(Mac mac, String text) {
        return ENCODER.encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static Mac mac(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
