package io.fx.micronaut.auth;

/**
 * What kind of caller a principal is.
 *
 * @since 0.1.0
 */
public enum IdentityType {
    /** A person. */
    HUMAN,
    /** A machine identity. */
    SERVICE_ACCOUNT,
    /** No credential was presented. */
    ANONYMOUS,
    /**
     * The application itself, for background work that runs without a caller.
     *
     * @since 0.3.0
     */
    SYSTEM
}
