package io.fx.micronaut.pipeline;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The container of repeated {@link FxModelMiddleware} annotations on a model class.
 *
 * @since 0.3.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FxModelMiddlewares {
    /** @return the per-step middleware of the model */
    FxModelMiddleware[] value();
}
