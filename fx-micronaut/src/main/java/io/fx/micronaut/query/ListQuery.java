package io.fx.micronaut.query;

import io.fx.micronaut.config.TotalMode;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * A parsed list request: filters, sort keys, include keys, the page window and how to count.
 * A list is paged either by {@code page} (an offset) or by {@code cursor} (a signed position after the last row
 * of an earlier page, see {@link io.fx.micronaut.db.Page#nextCursor()}), never both.
 *
 * @param filters            every filter clause, bare and grouped
 * @param sort               sort keys in priority order
 * @param includes           requested relation keys
 * @param page               the 1-based page number; 1 when the list is paged by cursor
 * @param limit              the page size, already clamped to the model's maximum
 * @param includeSoftDeleted whether the caller filtered on the soft-delete marker, which lifts the implicit exclusion
 * @param total              how to count, or null for the model's default (else the server's)
 * @param cursor             the opaque cursor to continue after (the {@code cursor} parameter), or null to page by
 *                           {@code page}; the store verifies it
 * @since 0.1.0
 */
public record ListQuery(@NonNull List<FilterClause> filters,
                        @NonNull List<SortField> sort,
                        @NonNull List<String> includes,
                        int page,
                        int limit,
                        boolean includeSoftDeleted,
                        @Nullable TotalMode total,
                        @Nullable String cursor) {

    /** Defensive copies. */
    public ListQuery {
        filters = List.copyOf(filters);
        sort = List.copyOf(sort);
        includes = List.copyOf(includes);
    }

    /**
     * A query paged by {@code page}, counted the default way.
     *
     * @param filters            every filter clause
     * @param sort               sort keys
     * @param includes           relation keys
     * @param page               the 1-based page number
     * @param limit              the page size
     * @param includeSoftDeleted whether soft-deleted rows are listed too
     */
    public ListQuery(@NonNull List<FilterClause> filters, @NonNull List<SortField> sort, @NonNull List<String> includes,
                     int page, int limit, boolean includeSoftDeleted) {
        this(filters, sort, includes, page, limit, includeSoftDeleted, null, null);
    }

    /**
     * @param replaced the filters to use instead
     * @return a copy of this query with other filters
     * @since 0.4.0
     */
    @NonNull
    public ListQuery withFilters(@NonNull List<FilterClause> replaced) {
        return new ListQuery(replaced, sort, includes, page, limit, includeSoftDeleted, total, cursor);
    }

    /** @return the number of rows to skip: none when the list is paged by cursor */
    public long offset() {
        return cursor != null ? 0 : (long) (page - 1) * limit;
    }
}
