package io.fx.micronaut.security;

/**
 * The error codes of {@link io.fx.micronaut.security.login.LoginAttempts}, as they appear in the error envelope.
 *
 * @since 0.7.0
 */
public final class LoginAttemptCodes {

    /** 429: too many failed logins for the account or from the client address; {@code Retry-After} says when to try again. */
    public static final String TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS";
    /** 503: the failed logins cannot be counted (their store is down or slow), so no login is attempted. */
    public static final String LOGIN_ATTEMPTS_UNAVAILABLE = "LOGIN_ATTEMPTS_UNAVAILABLE";

    private LoginAttemptCodes() {
    }
}
