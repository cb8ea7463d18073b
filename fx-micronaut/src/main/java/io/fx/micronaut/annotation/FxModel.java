package io.fx.micronaut.annotation;

import io.fx.micronaut.config.TotalMode;

import io.micronaut.core.annotation.Introspected;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class extending {@link io.fx.micronaut.model.BaseModel} as a model served by the
 * framework. Models are discovered at compile time (the annotation implies {@link Introspected}).
 *
 * @since 0.1.0
 */
@Documented
@Introspected
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FxModel {

    /** @return the table name; empty means the pluralised snake_case of the class name */
    String table() default "";

    /** @return the soft-delete mode; {@link SoftDelete#NONE} deletes rows */
    SoftDelete softDelete() default SoftDelete.NONE;

    /** @return the soft-delete marker column; empty means {@code deleted_at} or {@code is_deleted} */
    String softDeleteField() default "";

    /**
     * Directives applied to the base-model timestamps {@code created_at} and {@code updated_at},
     * for example {@code "filterable, sortable"}.
     *
     * @return the timestamp directives
     */
    String timestamps() default "";

    /** @return secondary indices to create */
    FxIndex[] indices() default {};

    /** @return query complexity limits for this model; unset members inherit the server's */
    FxQueryLimits limits() default @FxQueryLimits;


    /**
     * @return whether the model has no generated routes: its table is migrated and it is reachable
     *         through the accessors ({@code Models}), but no route serves it and the API document has
     *         no path for it
     * @since 0.3.0
     */
    boolean headless() default false;

    /**
     * @return how the model's lists count when a request has no {@code total} parameter: none (the default) or one
     *         mode; none means the server's ({@code fx.list.total})
     * @since 0.4.0
     */
    TotalMode[] total() default {};

    /**
     * @return whether the model keeps a change history: a row per create, update and delete of a record in the
     *     table of its history model ({@code <Model>History}), read at {@code GET {prefix}/{collection}/{id}/history}
     * @since 0.8.0
     */
    boolean versioned() default false;

    /**
     * @return whether history rows keep the changed fields only, without a snapshot; needs {@link #versioned()}
     * @since 0.8.0
     */
    boolean versionedDiffOnly() default false;

    /**
     * @return whether a failed history write fails the write (rolled back, 500 {@code HISTORY_WRITE_FAILED}); needs
     *     {@link #versioned()}
     * @since 0.8.0
     */
    boolean versionedRequired() default false;
}
