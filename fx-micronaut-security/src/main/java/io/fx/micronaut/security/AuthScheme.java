package io.fx.micronaut.security;

import io.micronaut.core.annotation.Internal;

/**
 * How an authenticator's credential travels, for the OpenAPI security scheme it documents.
 *
 * @param name          the scheme name in the document
 * @param bearer        true for an HTTP bearer scheme (JWT), false for an API key in a header
 * @param parameterName the header of an API key
 * @param keySet        whether verification may need a key set (503 {@code JWKS_UNAVAILABLE})
 * @since 0.7.0
 */
public record AuthScheme(String name, boolean bearer, String parameterName, boolean keySet) {
}
