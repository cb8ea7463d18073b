package io.fx.micronaut.query;

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
                          int defaultPageSize) {

    /** The defaults: 8 KiB URI, 32 clauses, 8 groups of 8, 8 sorts, 8 includes, 500 values, pages of 20 up to 200. */
    public static final QueryLimits DEFAULTS = new QueryLimits(8192, 32, 8, 8, 8, 8, 500, 200, 20);

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
            pick(override.defaultPageSize, defaultPageSize));
    }

    private static int pick(int override, int current) {
        return override >= 0 ? override : current;
    }
}
