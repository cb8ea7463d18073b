package io.fx.micronaut.security.internal;

import io.fx.micronaut.model.AttributeKey;
import io.micronaut.core.annotation.Internal;

/** The typed request attributes the security middleware pass to one another. */
@Internal
public final class SecurityAttributes {

    /** Set by {@code allowAnonymous()}: a request without credential is served anonymously. */
    public static final AttributeKey<Boolean> ANONYMOUS_ALLOWED = AttributeKey.of("fx.security.anonymous-allowed", Boolean.class);

    /** Set by {@code requireOwner()}: the {@code OwnerScope} the module's scope resolver applies. */
    public static final AttributeKey<OwnerScope> OWNER_SCOPE = AttributeKey.of("fx.security.owner-scope", OwnerScope.class);

    private SecurityAttributes() {
    }
}
