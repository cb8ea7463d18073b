package io.fx.micronaut.security.csrf;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;

import java.util.Locale;

/**
 * How CSRF tokens are checked ({@code fx.security.csrf.mode}).
 *
 * @since 0.5.0
 */
public enum CsrfMode {

    /** No CSRF protection ({@code off}, the default). */
    OFF("off"),
    /**
     * A random token bound to the session by an HMAC, in a cookie scripts can read, echoed by the client in a
     * header ({@code double-submit}).
     */
    DOUBLE_SUBMIT("double-submit"),
    /** The token is an HMAC-SHA256 of the caller's session id under a secret ({@code signed}). */
    SIGNED("signed");

    private final String value;

    CsrfMode(String value) {
        this.value = value;
    }

    /** @return the configuration value: {@code off}, {@code double-submit} or {@code signed} */
    @NonNull
    public String value() {
        return value;
    }

    /**
     * @param value a configuration value, case-insensitive, surrounding blanks ignored
     * @return the mode
     * @throws FxConfigurationException naming {@code fx.security.csrf.mode} when the value is none of them
     */
    @NonNull
    public static CsrfMode of(@NonNull String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        for (CsrfMode mode : values()) {
            if (mode.value.equals(v)) {
                return mode;
            }
        }
        throw new FxConfigurationException(CsrfConfiguration.PREFIX + ".mode is '" + value
            + "': use off, double-submit or signed");
    }
}
