package io.fx.micronaut.pipeline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Middleware attached to one model on one step, given as bean types resolved at startup. Put it on the
 * model class, once per step. They run before the step's default behaviour, after the globally
 * registered {@code BEFORE} middleware. Code registers the same through a {@link PipelineConfigurer}
 * with {@code MiddlewareOptions.before().models("Post")}.
 *
 * <pre>{@code
 * @FxModel
 * @FxModelMiddleware(step = Step.SERVICE, value = Audit.class)
 * public class Post extends BaseModel { ... }
 * }</pre>
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(FxModelMiddlewares.class)
public @interface FxModelMiddleware {
    /** @return the step */
    Step step();

    /** @return the middleware bean types, in order */
    Class<? extends Middleware>[] value();
}
