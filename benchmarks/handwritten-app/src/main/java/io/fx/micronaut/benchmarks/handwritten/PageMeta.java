package io.fx.micronaut.benchmarks.handwritten;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

/**
 * The {@code meta} of a list answer, in fx-micronaut's order; absent members are left out.
 *
 * @param total          rows matching the filter, or null when not counted ({@code total=none})
 * @param totalEstimated true when {@code total} is the planner's estimate, else null
 * @param page           the 1-based page, or null when the page was reached by cursor
 * @param limit          the page size
 * @param pages          the number of pages, or null when not counted
 * @param hasMore        whether a next page exists
 * @param nextCursor     the cursor continuing after this page, or null on the last page
 * @since 0.1.0
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PageMeta(@Nullable Long total,
                       @Nullable @JsonProperty("total_estimated") Boolean totalEstimated,
                       @Nullable Integer page,
                       int limit,
                       @Nullable Long pages,
                       @JsonProperty("has_more") boolean hasMore,
                       @Nullable @JsonProperty("next_cursor") String nextCursor) {
}
