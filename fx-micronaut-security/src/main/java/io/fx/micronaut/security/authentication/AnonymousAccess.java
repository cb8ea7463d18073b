package io.fx.micronaut.security.authentication;

import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

/** Whether a request without credential may be served anonymously: after {@code allowAnonymous()}, or for a PUBLIC action. */
@Internal
public final class AnonymousAccess {

    /** Set by {@code allowAnonymous()}: a request without credential is served anonymously. */
    private static final AttributeKey<Boolean> ALLOWED = AttributeKey.of("fx.security.anonymous-allowed", Boolean.class);

    private AnonymousAccess() {
    }

    /** @param context a request that may be served without credential */
    static void allow(RequestContext context) {
        context.attributes().put(ALLOWED, Boolean.TRUE);
    }

    /**
     * @param context the request
     * @return whether an {@code allowAnonymous()} ran before the authenticators
     */
    public static boolean admits(@NonNull RequestContext context) {
        return context.getAttribute(ALLOWED).isPresent()
            || context.findAction().flatMap(ActionDescriptor::declaredAccess).orElse(null) == ActionAccess.PUBLIC;
    }
}
