package io.fx.micronaut.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secondary index created by auto-migration.
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface FxIndex {
    /** @return the index name; empty derives {@code idx_<table>_<columns>} */
    String name() default "";

    /** @return the column (snake_case) names, in index order */
    String[] columns();

    /** @return whether the index is unique */
    boolean unique() default false;
}
