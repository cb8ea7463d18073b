package io.fx.micronaut.db;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;

/**
 * One page of a list result.
 *
 * @param rows  the records on this page, keyed by field name
 * @param total the number of records matching the filters, on all pages
 * @param page  the 1-based page number
 * @param limit the page size
 * @since 0.1.0
 */
public record Page(@NonNull List<Map<String, Object>> rows, long total, int page, int limit) {

    /** @return the number of pages, at least 0 */
    public long pages() {
        return limit <= 0 ? 0 : (total + limit - 1) / limit;
    }
}
