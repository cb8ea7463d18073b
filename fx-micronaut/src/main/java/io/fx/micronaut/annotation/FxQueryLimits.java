package io.fx.micronaut.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Per-model query complexity limits. A member left at {@code -1} inherits the server-wide value
 * from {@code fx.query-limits}.
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface FxQueryLimits {
    /** @return maximum filter clauses, grouped ones included */
    int maxFilterClauses() default -1;

    /** @return maximum OR groups */
    int maxOrGroups() default -1;

    /** @return maximum clauses in one OR group */
    int maxGroupClauses() default -1;

    /** @return maximum sort fields */
    int maxSortFields() default -1;

    /** @return maximum include keys */
    int maxIncludes() default -1;

    /** @return maximum values in an {@code in}/{@code not_in} list */
    int maxInValues() default -1;

    /** @return maximum page size */
    int maxPageSize() default -1;

    /**
     * @return maximum {@code %}/{@code _} wildcards in one {@code like}/{@code ilike} value
     * @since 0.3.0
     */
    int maxLikeWildcards() default -1;

    /**
     * @return maximum length of a pattern operator's value
     * @since 0.3.0
     */
    int maxLikeLength() default -1;

    /**
     * @return most records one HasMany or ManyToMany include adds to one parent record
     * @since 0.3.0
     */
    int maxIncludedPerParent() default -1;

    /**
     * @return most included records in one response
     * @since 0.3.0
     */
    int maxIncludedRows() default -1;
}
