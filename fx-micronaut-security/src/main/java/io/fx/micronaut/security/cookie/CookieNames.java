package io.fx.micronaut.security.cookie;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

/**
 * The name a credential cookie takes: with {@code Secure} and {@code host-prefix} on, the configured name with
 * the {@value #HOST_PREFIX} prefix, which browsers accept only from a secure origin, with {@code Path=/} and
 * without {@code Domain} (both cookies of the module are set that way), so no sibling subdomain can set or
 * overwrite a cookie of that name.
 */
@Internal
public final class CookieNames {

    /** The prefix. */
    public static final String HOST_PREFIX = "__Host-";

    private CookieNames() {
    }

    /**
     * @param configured the configured name
     * @param secure     whether the cookie is {@code Secure}
     * @param hostPrefix whether the prefix is wanted (with {@code Secure} only)
     * @param prefix     the configuration prefix of the cookie's settings, for the error
     * @return the name to set and read
     * @throws FxConfigurationException when the configured name carries the prefix but the cookie is not
     *     {@code Secure} (browsers drop such a cookie)
     */
    @NonNull
    public static String of(@NonNull String configured, boolean secure, boolean hostPrefix, @NonNull String prefix) {
        if (configured.startsWith(HOST_PREFIX)) {
            if (!secure) {
                throw new FxConfigurationException(prefix + ".cookie-name '" + configured + "' starts with "
                    + HOST_PREFIX + ", which needs " + prefix + ".secure: true (browsers drop such cookies otherwise)");
            }
            return configured;
        }
        return secure && hostPrefix ? HOST_PREFIX + configured : configured;
    }
}
