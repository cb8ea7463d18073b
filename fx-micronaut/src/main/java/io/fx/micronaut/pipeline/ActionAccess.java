package io.fx.micronaut.pipeline;

/**
 * The access an action declares. Production validation refuses an action that declares none, and a
 * {@link #PROTECTED} one when no Auth-step middleware covers actions.
 *
 * @since 0.2.0
 */
public enum ActionAccess {
    /** Protected by the server's Auth-step middleware, which runs for the action. */
    PROTECTED,
    /** Meant to be called anonymously; the Auth step still runs and may fill a principal. */
    PUBLIC
}
