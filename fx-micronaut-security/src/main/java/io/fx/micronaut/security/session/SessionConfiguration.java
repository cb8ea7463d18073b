package io.fx.micronaut.security.session;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * Cookie sessions, under {@code fx.security.session}: a signed, revocable token (the same kind a bearer header
 * carries) in an {@code HttpOnly} cookie, verified on every request exactly as a bearer token. No server-side
 * session store. Needs CSRF protection ({@code fx.security.csrf.mode} other than {@code off}) and a revocation
 * store ({@code fx.security.revocation.store}), so that logout ends a session.
 *
 * @since 0.5.0
 */
@ConfigurationProperties(SessionConfiguration.PREFIX)
public interface SessionConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.session";
    /** The property that turns sessions on. */
    String ENABLED = PREFIX + ".enabled";
    /** The default cookie name. */
    String DEFAULT_COOKIE_NAME = "fx_session";

    /** @return whether the session cookie authenticates requests */
    @Bindable(defaultValue = "false")
    boolean isEnabled();

    /** @return the cookie's name */
    @Bindable(defaultValue = DEFAULT_COOKIE_NAME)
    @NonNull
    String getCookieName();

    /** @return whether the cookie is {@code Secure} (sent over HTTPS only); turn off for plain-HTTP development only */
    @Bindable(defaultValue = "true")
    boolean isSecure();

    /**
     * @return whether a {@code Secure} cookie's name takes the {@code __Host-} prefix ({@code __Host-fx_session}),
     *     so that no sibling subdomain can plant or overwrite it
     * @since 0.7.0
     */
    @Bindable(defaultValue = "true")
    boolean isHostPrefix();
}
