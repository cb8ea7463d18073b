package io.fx.micronaut.security.csrf;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;
import java.util.Optional;

/**
 * CSRF protection, under {@code fx.security.csrf}; off unless {@link #getMode() mode} is
 * {@code double-submit} or {@code signed}, both of which need the {@link #getSecret() secret}. Inconsistent
 * settings fail startup naming the key.
 *
 * @since 0.5.0
 */
@ConfigurationProperties(CsrfConfiguration.PREFIX)
public interface CsrfConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.csrf";
    /** The default mode. */
    String DEFAULT_MODE = "off";
    /** The default cookie of the double-submit token. */
    String DEFAULT_COOKIE_NAME = "csrf_token";
    /** The default header the client echoes the token in. */
    String DEFAULT_HEADER_NAME = "X-CSRF-Token";
    /** The default {@code SameSite} attribute of the cookie. */
    String DEFAULT_SAME_SITE = "Lax";
    /** The shortest secret of the signed mode, in bytes (UTF-8). */
    int MIN_SECRET_BYTES = 32;

    /** @return {@code off}, {@code double-submit} or {@code signed} (see {@link CsrfMode}) */
    @Bindable(defaultValue = DEFAULT_MODE)
    @NonNull
    String getMode();

    /** @return the cookie holding the double-submit token (with {@code secure} and {@code host-prefix}, {@code __Host-} and it) */
    @Bindable(defaultValue = DEFAULT_COOKIE_NAME)
    @NonNull
    String getCookieName();

    /** @return the request header holding the token */
    @Bindable(defaultValue = DEFAULT_HEADER_NAME)
    @NonNull
    String getHeaderName();

    /**
     * @return the origins unsafe requests may come from: exact origins ({@code https://app.example.com},
     *     {@code http://localhost:8080}) or {@code *.example.com}, any https subdomain of it on the default port;
     *     empty turns the origin check off
     */
    @NonNull
    Optional<List<String>> getAllowedOrigins();

    /** @return whether the cookie carries {@code Secure} */
    @Bindable(defaultValue = "true")
    boolean isSecure();

    /**
     * @return whether a {@code Secure} cookie's name takes the {@code __Host-} prefix ({@code __Host-csrf_token}),
     *     so that no sibling subdomain can plant or overwrite it
     * @since 0.7.0
     */
    @Bindable(defaultValue = "true")
    boolean isHostPrefix();

    /** @return the cookie's {@code SameSite}: {@code Strict}, {@code Lax} or {@code None} (which needs secure) */
    @Bindable(defaultValue = DEFAULT_SAME_SITE)
    @NonNull
    String getSameSite();

    /** @return whether callers authenticated by a header credential (bearer token, API key) are checked too */
    @Bindable(defaultValue = "false")
    boolean isEnforceBearer();

    /**
     * @return the HMAC secret, at least {@value #MIN_SECRET_BYTES} bytes, required by both modes: the signed
     *     token is the HMAC of the session id, a double-submit token carries the HMAC that binds it to its session
     */
    @NonNull
    Optional<String> getSecret();

    /**
     * @return paths below the path prefix ({@code /login}; a custom action's declared path or the request's
     *     path) whose unsafe requests skip the token check; the origin check still applies
     */
    @NonNull
    Optional<List<String>> getExemptPaths();
}
