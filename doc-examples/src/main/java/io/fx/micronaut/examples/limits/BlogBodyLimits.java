package io.fx.micronaut.examples.limits;

import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/**
 * The blog's body limits: {@code BLOG_COMMENT_MAX_BODY} bytes for comment creates and updates,
 * {@code BLOG_POST_MAX_BODY} for posts ({@link LimitVariables} maps them); every other route keeps
 * {@code fx.max-body-size}.
 *
 * @since 0.7.0
 */
@Singleton
public final class BlogBodyLimits implements PipelineConfigurer {

    /** The comments' limit in bytes. */
    static final String COMMENT = "blog.limits.comment-max-body";
    /** The posts' limit in bytes. */
    static final String POST = "blog.limits.post-max-body";

    private final FxLimits limits;
    private final Long comment;
    private final Long post;

    BlogBodyLimits(FxLimits limits, @Nullable @Value("${" + COMMENT + ":}") Long comment,
                   @Nullable @Value("${" + POST + ":}") Long post) {
        this.limits = limits;
        this.comment = comment;
        this.post = post;
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        // tag::body-limits[]
        MiddlewareOptions writes = MiddlewareOptions.before().operations(Operation.CREATE, Operation.UPDATE);
        if (comment != null) {
            registry.use(Step.DESERIALIZE, limits.maxBodySize(comment), writes.models("Comment"));
        }
        if (post != null) {
            registry.use(Step.DESERIALIZE, limits.maxBodySize(post), writes.models("Post"));
        }
        // end::body-limits[]
    }
}
