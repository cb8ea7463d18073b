package io.fx.micronaut.files;

/**
 * The access {@code fx.files.routes.access} declares for the {@code /files} routes; production validation refuses
 * them without one, and {@link #PROTECTED} without Auth-step middleware covering their operations.
 *
 * @since 0.9.0
 */
public enum FileRoutesAccess {
    /** Open to anonymous callers (their uploads are owned by {@code anonymous}). */
    PUBLIC,
    /** Guarded by the server's Auth-step middleware. */
    PROTECTED
}
