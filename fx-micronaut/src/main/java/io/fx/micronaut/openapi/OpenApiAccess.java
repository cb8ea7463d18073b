package io.fx.micronaut.openapi;

/**
 * Who may fetch the OpenAPI document ({@code {prefix}/openapi.json}) and the Swagger UI page with its assets
 * ({@code {prefix}/docs}), set by {@code fx.openapi.access}. A protected document runs the Auth step of the
 * custom actions, as a {@code PROTECTED} action does: the same authenticators, the same 401 envelope.
 *
 * @since 0.7.0
 */
public enum OpenApiAccess {

    /**
     * As the API's reads, the default: public when any model's list or read admits anonymous callers,
     * otherwise protected (with API-key-only security every request needs the key, the document too).
     */
    AS_READS,
    /** Served to anyone, on purpose. */
    PUBLIC,
    /** Needs a credential, whatever the reads do. */
    PROTECTED
}
