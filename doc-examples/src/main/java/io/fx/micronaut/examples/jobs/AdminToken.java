package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The admin routes' guard: {@code X-Admin-Token} must equal {@code BLOG_ADMIN_TOKEN}, compared in constant time;
 * missing or different, 401 {@code UNAUTHORIZED}. The token is never logged nor put in a message.
 *
 * @since 0.9.0
 */
final class AdminToken implements Middleware {

    /** The header that carries the token. */
    static final String HEADER = "X-Admin-Token";

    private final byte[] token;

    /** @param token the expected token */
    AdminToken(@NonNull String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String sent = context.getRequest().flatMap(r -> r.getHeaders().findFirst(HEADER)).orElse("");
        if (!MessageDigest.isEqual(token, sent.getBytes(StandardCharsets.UTF_8))) {
            throw SecurityErrorCodes.UNAUTHORIZED.exception("The admin routes take the X-Admin-Token header");
        }
        next.next();
    }
}
