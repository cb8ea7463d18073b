package io.fx.micronaut.security.internal;

import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

/** Whether a request without credential may be served anonymously: after {@code allowAnonymous()}, or for a PUBLIC action. */
@Internal
public final class AnonymousAccess {

    private AnonymousAccess() {
    }

    /**
     * @param context the request
     * @return whether an {@code allowAnonymous()} ran before the authenticators
     */
    public static boolean admits(@NonNull RequestContext context) {
        return context.getAttribute(SecurityAttributes.ANONYMOUS_ALLOWED).isPresent()
            || context.findAction().flatMap(ActionDescriptor::declaredAccess).orElse(null) == ActionAccess.PUBLIC;
    }
}
