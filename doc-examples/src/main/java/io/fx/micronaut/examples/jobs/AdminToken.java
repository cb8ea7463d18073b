package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The admin routes' guard: {@code X-Admin-Token} must equal {@code BLOG_ADMIN_TOKEN}, compared in constant time;
 * missing or different, 401 {@code UNAUTHORIZED}. Both sides are hashed (SHA-256) first, so the comparison takes the
 * same time whatever the sent value's length. The token is never logged nor put in a message.
 *
 * @since 0.8.0
 */
public final class AdminToken implements Middleware {

    /** The header that carries the token. */
    public static final String HEADER = "X-Admin-Token";

    private final byte[] digest;

    /** @param token the expected token */
    AdminToken(@NonNull String token) {
        this.digest = sha256(token);
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String sent = context.getRequest().flatMap(r -> r.getHeaders().findFirst(HEADER)).orElse("");
        if (!MessageDigest.isEqual(digest, sha256(sent))) {
            throw SecurityErrorCodes.UNAUTHORIZED.exception("The admin routes take the X-Admin-Token header");
        }
        next.next();
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
