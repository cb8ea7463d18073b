package io.fx.micronaut.query;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * A parsed list request: filters, sort keys, include keys and the page window.
 *
 * @param filters            every filter clause, bare and grouped
 * @param sort               sort keys in priority order
 * @param includes           requested relation keys
 * @param page               the 1-based page number
 * @param limit              the page size, already clamped to the model's maximum
 * @param includeSoftDeleted whether the caller filtered on the soft-delete marker, which lifts the implicit exclusion
 * @since 0.1.0
 */
public record ListQuery(@NonNull List<FilterClause> filters,
                        @NonNull List<SortField> sort,
                        @NonNull List<String> includes,
                        int page,
                        int limit,
                        boolean includeSoftDeleted) {

    /** Defensive copies. */
    public ListQuery {
        filters = List.copyOf(filters);
        sort = List.copyOf(sort);
        includes = List.copyOf(includes);
    }

    /** @return the number of rows to skip */
    public long offset() {
        return (long) (page - 1) * limit;
    }
}
