package io.fx.micronaut.security.internal;

import io.micronaut.core.annotation.Internal;

/** Names of the request attributes the security middleware pass to one another. */
@Internal
public final class SecurityAttributes {

    /** Set by {@code allowAnonymous()}: a request without credential is served anonymously. */
    public static final String ANONYMOUS_ALLOWED = "fx.security.anonymous-allowed";

    /** Set by {@code requireOwner()}: the {@code OwnerScope} the module's scope resolver applies. */
    public static final String OWNER_SCOPE = "fx.security.owner-scope";

    private SecurityAttributes() {
    }
}
