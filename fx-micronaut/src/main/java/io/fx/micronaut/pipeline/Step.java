package io.fx.micronaut.pipeline;

/**
 * The six steps every generated request passes, in this fixed order.
 *
 * @since 0.1.0
 */
public enum Step {
    /** Populates the principal; passthrough by default. */
    AUTH,
    /** Parses query parameters and the JSON body. */
    DESERIALIZE,
    /** Enforces field rules on create and update; strips readonly, hidden and immutable fields. */
    VALIDATE,
    /** Business logic; passthrough by default. */
    SERVICE,
    /** Runs the operation through the data store. */
    DB,
    /** Builds the response envelope. */
    RESPONSE
}
