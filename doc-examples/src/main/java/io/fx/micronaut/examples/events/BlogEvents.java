package io.fx.micronaut.examples.events;

import io.fx.micronaut.events.FxEvents;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;

/**
 * The blog's events ({@code BLOG_EVENTS=true}): every model's writes emit, and a published post without a slug
 * is refused after its insert, inside {@code PostTransactions}' transaction, so the insert and its event roll
 * back together.
 *
 * @since 0.7.0
 */
// tag::events[]
@Singleton
@Requires(property = "blog.events", value = "true")
public class BlogEvents implements PipelineConfigurer {

    private final FxEvents events;

    BlogEvents(FxEvents events) {
        this.events = events;
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        registry.use(Step.DB, events.emit(), MiddlewareOptions.after().named("emit"));
        registry.use(Step.DB, (context, next) -> {
            next.next();
            if (context.payload().getResult().orElse(null) instanceof OperationResult.RecordResult written
                && "published".equals(written.record().get("status"))
                && (written.record().get("slug") == null || written.record().get("slug").toString().isBlank())) {
                throw ErrorCode.VALIDATION_ERROR.exception("Validation failed",
                    List.of(new ValidationViolation("slug", "required", "a published post needs a slug")), null);
            }
        }, MiddlewareOptions.after().models("Post").operations(Operation.CREATE, Operation.UPDATE)
            .named("PublishedNeedsSlug"));
    }
}
// end::events[]
