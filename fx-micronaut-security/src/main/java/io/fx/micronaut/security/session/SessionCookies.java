package io.fx.micronaut.security.session;

import io.fx.micronaut.security.cookie.CookieNames;
import io.fx.micronaut.security.cookie.RequestCookies;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.cookie.Cookie;
import io.micronaut.http.cookie.SameSite;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Optional;

/**
 * Builds the session cookie, for a login action to set with {@code context.addCookie(cookies.issue(token, ttl))}:
 * {@code HttpOnly}, {@code SameSite=Lax}, {@code Path=/}, no {@code Domain}, {@code Max-Age} the token's lifetime,
 * and {@code Secure} unless {@code fx.security.session.secure} is false; a {@code Secure} cookie's name takes the
 * {@code __Host-} prefix unless {@code fx.security.session.host-prefix} is false. Present while sessions are on.
 *
 * @since 0.5.0
 */
@Singleton
@Requires(property = SessionConfiguration.ENABLED, value = "true")
public final class SessionCookies {

    private final String name;
    private final boolean secure;

    SessionCookies(SessionConfiguration configuration) {
        this.secure = configuration.isSecure();
        this.name = CookieNames.of(configuration.getCookieName(), secure, configuration.isHostPrefix(),
            SessionConfiguration.PREFIX);
    }

    /**
     * @param token a token the bearer verification accepts (signed, with {@code jti}, {@code iat} and {@code exp})
     * @param ttl   how long the browser keeps the cookie: the token's remaining lifetime
     * @return the cookie holding it
     */
    @NonNull
    public Cookie issue(@NonNull String token, @NonNull Duration ttl) {
        return cookie(token).maxAge(ttl);
    }

    /** @return a cookie that removes the session cookie ({@code Max-Age=0}, empty value) */
    @NonNull
    public Cookie clear() {
        return cookie("").maxAge(0);
    }

    /**
     * @param request a request
     * @return the token its session cookie holds (stripped), or empty when it has none or an empty one
     * @throws io.fx.micronaut.exception.FxException 400 {@code MALFORMED_REQUEST} when the request carries the
     *     session cookie more than once
     * @since 0.6.0
     */
    @NonNull
    public Optional<String> token(@NonNull HttpRequest<?> request) {
        return RequestCookies.single(request, name).map(String::strip).filter(v -> !v.isEmpty());
    }

    /** @return the cookie's name, {@code __Host-} prefix included */
    @NonNull
    public String getName() {
        return name;
    }

    private Cookie cookie(String value) {
        return Cookie.of(name, value).httpOnly(true).sameSite(SameSite.Lax).path("/").secure(secure);
    }
}
