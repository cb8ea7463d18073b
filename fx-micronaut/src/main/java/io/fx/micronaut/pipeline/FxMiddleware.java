package io.fx.micronaut.pipeline;

import jakarta.inject.Singleton;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Registers a {@link io.fx.micronaut.pipeline.Middleware} bean on a step of the pipeline. Filters
 * are inclusion-only: empty {@link #models()} or {@link #operations()} mean all. Annotated beans
 * register in {@code @Order} order, before programmatic registrations.
 *
 * @since 0.1.0
 */
@Documented
@Singleton
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FxMiddleware {
    /** @return the step */
    Step step();

    /** @return the position relative to the step's default */
    Position position() default Position.BEFORE;

    /** @return model names (class simple names) this applies to; empty for all */
    String[] models() default {};

    /**
     * @return names of the operations this applies to, in any case ({@code LIST}, {@code READ}, {@code CREATE},
     *     {@code UPDATE}, {@code DELETE}, {@code OPTIONS}, {@code ACTION}, or one a module declares); empty for
     *     all. An unknown name fails startup. Until 0.7.0 this took {@link Operation} constants: write
     *     {@code operations = "CREATE"} for {@code operations = Operation.CREATE}.
     */
    String[] operations() default {};

    /** @return an optional name, for logs and tracing */
    String name() default "";
}
