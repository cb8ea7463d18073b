package io.fx.micronaut.pipeline;

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
    ANONYMOUS
}
