package io.fx.micronaut.examples.history;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * With {@code BLOG_HISTORY_TOKEN} set, reading a post's history takes {@code X-History-Token} with that value
 * (compared in constant time); without it, or with another value, 401 {@code UNAUTHORIZED}. Reads of the posts
 * themselves stay open: the middleware is registered for {@code READ_HISTORY} alone.
 *
 * @since 0.8.0
 */
// tag::history-token[]
@Requires(property = HistoryToken.PROPERTY)
@FxMiddleware(step = Step.AUTH, models = "Post", operations = "READ_HISTORY")
public final class HistoryToken implements Middleware {

    /** The property {@code BLOG_HISTORY_TOKEN} sets. */
    public static final String PROPERTY = "blog.history-token";

    private final byte[] token;

    HistoryToken(@Property(name = PROPERTY) String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        String sent = context.getRequest().flatMap(r -> r.getHeaders().findFirst("X-History-Token")).orElse("");
        if (!MessageDigest.isEqual(token, sent.getBytes(StandardCharsets.UTF_8))) {
            throw SecurityErrorCodes.UNAUTHORIZED.exception("Reading a post's history takes the X-History-Token header");
        }
        next.next();
    }
}
// end::history-token[]
