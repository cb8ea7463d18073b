package io.fx.micronaut.config;

import io.micronaut.core.annotation.NonNull;

/**
 * Complexity caps for list queries, per server ({@code fx.query-limits}) or per model.
 *
 * @param maxUriLength     longest request URI in bytes (414 {@code URI_TOO_LONG} beyond)
 * @param maxFilterClauses most filter clauses, grouped ones included
 * @param maxOrGroups      most OR groups
 * @param maxGroupClauses  most clauses in one OR group
 * @param maxSortFields    most sort fields
 * @param maxIncludes      most include keys
 * @param maxInValues      most values in an {@code in}/{@code not_in} list
 * @param maxPageSize      largest page size (larger requests are clamped)
 * @param defaultPageSize  page size when {@code limit} is absent
 * @param maxLikeWildcards most {@code %}/{@code _} wildcards in one {@code like}/{@code ilike} value (since 0.3.0);
 *                         negative: unbounded
 * @param maxLikeLength    longest value, in characters, of a pattern operator ({@code like}, {@code ilike},
 *                         {@code contains}, {@code starts_with}, {@code ends_with}) (since 0.3.0); negative: unbounded
 * @param maxIncludedPerParent most records one HasMany or ManyToMany include adds to one parent record, the first
 *                         ones in the related model's default order (since 0.3.0); negative: unbounded
 * @param maxIncludedRows  most included records in one response, all include keys and levels together; a request
 *                         that would include more is refused (since 0.3.0); negative: unbounded
 * @since 0.1.0
 */
public record QueryLimits(int maxUriLength,
                          int maxFilterClauses,
                          int maxOrGroups,
                          int maxGroupClauses,
                          int maxSortFields,
                          int maxIncludes,
                          int maxInValues,
                          int maxPageSize,
                          int defaultPageSize,
                          int maxLikeWildcards,
                          int maxLikeLength,
                          int maxIncludedPerParent,
                          int maxIncludedRows) {

    /**
     * The limits of 0.1.0, with the pattern limits left unset ({@code -1}: inherited when used as an override,
     * unbounded otherwise).
     *
     * @param maxUriLength     longest request URI in bytes
     * @param maxFilterClauses most filter clauses
     * @param maxOrGroups      most OR groups
     * @param maxGroupClauses  most clauses in one OR group
     * @param maxSortFields    most sort fields
     * @param maxIncludes      most include keys
     * @param maxInValues      most values in an in-list
     * @param maxPageSize      largest page size
     * @param defaultPageSize  page size when {@code limit} is absent
     * @since 0.3.0
     */
    public QueryLimits(int maxUriLength, int maxFilterClauses, int maxOrGroups, int maxGroupClauses, int maxSortFields,
                       int maxIncludes, int maxInValues, int maxPageSize, int defaultPageSize) {
        this(maxUriLength, maxFilterClauses, maxOrGroups, maxGroupClauses, maxSortFields, maxIncludes, maxInValues,
            maxPageSize, defaultPageSize, -1, -1, -1, -1);
    }

    /**
     * The limits of 0.3.0's first cut, with the include limits left unset ({@code -1}: inherited when used as an
     * override, unbounded otherwise).
     *
     * @param maxUriLength     longest request URI in bytes
     * @param maxFilterClauses most filter clauses
     * @param maxOrGroups      most OR groups
     * @param maxGroupClauses  most clauses in one OR group
     * @param maxSortFields    most sort fields
     * @param maxIncludes      most include keys
     * @param maxInValues      most values in an in-list
     * @param maxPageSize      largest page size
     * @param defaultPageSize  page size when {@code limit} is absent
     * @param maxLikeWildcards most wildcards in one like/ilike value
     * @param maxLikeLength    longest value of a pattern operator
     * @since 0.3.0
     */
    public QueryLimits(int maxUriLength, int maxFilterClauses, int maxOrGroups, int maxGroupClauses, int maxSortFields,
                       int maxIncludes, int maxInValues, int maxPageSize, int defaultPageSize, int maxLikeWildcards,
                       int maxLikeLength) {
        this(maxUriLength, maxFilterClauses, maxOrGroups, maxGroupClauses, maxSortFields, maxIncludes, maxInValues,
            maxPageSize, defaultPageSize, maxLikeWildcards, maxLikeLength, -1, -1);
    }

    /**
     * The defaults: 8 KiB URI, 32 clauses, 8 groups of 8, 8 sorts, 8 includes, 500 values, pages of 20 up to 200,
     * 4 wildcards per like pattern, patterns of at most 256 characters, 100 included records per parent and
     * include, 5,000 included records per response.
     */
    public static final QueryLimits DEFAULTS = new QueryLimits(8192, 32, 8, 8, 8, 8, 500, 200, 20, 4, 256, 100, 5000);

    /**
     * Returns these limits with every non-negative value of {@code override} applied.
     *
     * @param override values to apply; negative members keep the current value
     * @return the merged limits
     */
    @NonNull
    public QueryLimits overriddenBy(@NonNull QueryLimits override) {
        return new QueryLimits(
            pick(override.maxUriLength, maxUriLength),
            pick(override.maxFilterClauses, maxFilterClauses),
            pick(override.maxOrGroups, maxOrGroups),
            pick(override.maxGroupClauses, maxGroupClauses),
            pick(override.maxSortFields, maxSortFields),
            pick(override.maxIncludes, maxIncludes),
            pick(override.maxInValues, maxInValues),
            pick(override.maxPageSize, maxPageSize),
            pick(override.defaultPageSize, defaultPageSize),
            pick(override.maxLikeWildcards, maxLikeWildcards),
            pick(override.maxLikeLength, maxLikeLength),
            pick(override.maxIncludedPerParent, maxIncludedPerParent),
            pick(override.maxIncludedRows, maxIncludedRows));
    }

    private static int pick(int override, int current) {
        return override >= 0 ? override : current;
    }
}
