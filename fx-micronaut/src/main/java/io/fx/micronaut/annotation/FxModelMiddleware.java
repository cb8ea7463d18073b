package io.fx.micronaut.annotation;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Step;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Middleware attached to one model on one step, given as bean types resolved at startup. They run
 * before the step's default behaviour, after the globally registered {@code BEFORE} middleware.
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface FxModelMiddleware {
    /** @return the step */
    Step step();

    /** @return the middleware bean types, in order */
    Class<? extends Middleware>[] value();
}
