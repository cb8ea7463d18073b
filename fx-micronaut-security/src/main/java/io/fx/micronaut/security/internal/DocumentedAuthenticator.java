package io.fx.micronaut.security.internal;

import io.micronaut.core.annotation.Internal;

/** An authenticator of the module that documents its scheme in the OpenAPI document. */
@Internal
public interface DocumentedAuthenticator {

    /** @return the scheme */
    AuthScheme scheme();
}
