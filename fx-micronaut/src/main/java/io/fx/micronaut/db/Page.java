package io.fx.micronaut.db;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * One page of a list result.
 *
 * @param rows           the records on this page, keyed by field name
 * @param total          the number of records matching the filters, on all pages; {@link #NOT_COUNTED} when the
 *                       list was not counted ({@code total=none})
 * @param page           the 1-based page number; 0 when the page was reached by cursor
 * @param limit          the page size
 * @param hasMore        whether a next page exists (found by reading one row past the page, never from the count)
 * @param nextCursor     the signed cursor that continues after this page's last row, or null on the last page
 * @param totalEstimated whether {@code total} is the database's estimate rather than a count
 * @since 0.1.0
 */
public record Page(@NonNull List<Map<String, Object>> rows, long total, int page, int limit, boolean hasMore,
                   @Nullable String nextCursor, boolean totalEstimated) {

    /** The {@link #total()} of a page whose list was not counted. */
    public static final long NOT_COUNTED = -1;

    /** Defensive copy. */
    public Page {
        rows = List.copyOf(rows);
    }

    /**
     * A counted page reached by number, without a cursor: {@code hasMore} follows from the total.
     *
     * @param rows  the records on this page
     * @param total the number of matching records
     * @param page  the 1-based page number
     * @param limit the page size
     */
    public Page(@NonNull List<Map<String, Object>> rows, long total, int page, int limit) {
        this(rows, total, page, limit, (long) page * limit < total, null, false);
    }

    /** @return whether the page carries a total (exact or estimated) */
    public boolean isCounted() {
        return total >= 0;
    }

    /** @return whether the page was reached by cursor rather than by number */
    public boolean isByCursor() {
        return page == 0;
    }

    /** @return the number of pages, at least 0; 0 when the list was not counted */
    public long pages() {
        return limit <= 0 || total < 0 ? 0 : (total + limit - 1) / limit;
    }

    /**
     * @param replaced the records to answer instead, for example the ones a read rule lets the caller see
     * @return a copy of this page with other rows and the same counts and cursor
     * @since 0.4.0
     */
    @NonNull
    public Page withRows(@NonNull List<Map<String, Object>> replaced) {
        return new Page(replaced, total, page, limit, hasMore, nextCursor, totalEstimated);
    }
}
