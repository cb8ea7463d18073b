package io.fx.micronaut.benchmarks.handwritten;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A list request: equality filters and sort keys on whitelisted columns, page and limit. Parsed by hand
 * from {@code filter=field:eq:value}, {@code sort=field:asc|desc} (repeatable or comma-separated),
 * {@code page} and {@code limit} (default 20, at most 200), {@code total} ({@code exact}, {@code estimated},
 * {@code none}) and {@code cursor} (continuing after the sort-key values of a page's last row; only over the
 * {@code NOT NULL} sort columns, which is all the benchmark pages by).
 *
 * @param where      the WHERE clause (always excluding soft-deleted rows)
 * @param parameters the values bound to the WHERE clause
 * @param orderBy    the ORDER BY clause
 * @param page       the 1-based page
 * @param limit      the page size
 * @param total      exact, estimated or none
 * @param keys       the ordering columns, the id last
 * @param descending whether the order is descending (one direction only when paging by cursor)
 * @param cursor     the cursor to continue after, or null
 * @since 0.1.0
 */
public record PostQuery(String where, List<Object> parameters, String orderBy, int page, int limit, String total,
                        List<String> keys, boolean descending, String cursor) {

    /** The sort columns a cursor may continue over: they are never null. */
    static final List<String> CURSOR_COLUMNS = List.of("created_at", "updated_at");

    private static final Map<String, Class<?>> FILTERABLE = Map.of(
        "title", String.class, "status", String.class, "slug", String.class, "views", Long.class, "rating", Double.class);
    private static final List<String> SORTABLE = List.of(
        "title", "status", "views", "rating", "published_at", "created_at", "updated_at");

    /**
     * @param filters the {@code filter} values
     * @param sorts   the {@code sort} values
     * @param page    the {@code page} value, or null
     * @param limit   the {@code limit} value, or null
     * @return the query
     * @throws ApiException on a malformed or refused parameter
     */
    public static PostQuery parse(List<String> filters, List<String> sorts, String page, String limit, String total,
                                  String cursor) {
        StringBuilder where = new StringBuilder(" WHERE \"deleted_at\" IS NULL");
        List<Object> parameters = new ArrayList<>(filters.size());
        for (String filter : filters) {
            String[] parts = filter.split(":", 3);
            Class<?> type = parts.length == 3 ? FILTERABLE.get(parts[0]) : null;
            if (type == null || !parts[1].equals("eq")) {
                throw ApiException.invalidQuery("filter: unsupported clause '" + filter + "'");
            }
            where.append(" AND \"").append(parts[0]).append("\" = ?");
            parameters.add(cast(parts[0], type, parts[2]));
        }
        StringBuilder orderBy = new StringBuilder(" ORDER BY ");
        List<String> keys = new ArrayList<>(3);
        boolean last = false;
        boolean mixed = false;
        for (String sort : sorts) {
            for (String key : sort.split(",")) {
                String[] parts = key.trim().split(":", 2);
                boolean descending = parts.length == 2 && parts[1].equals("desc");
                if (!SORTABLE.contains(parts[0]) || (parts.length == 2 && !descending && !parts[1].equals("asc"))) {
                    throw ApiException.invalidQuery("sort: unsupported key '" + key + "'");
                }
                orderBy.append('"').append(parts[0]).append(descending ? "\" DESC, " : "\" ASC, ");
                mixed |= !keys.isEmpty() && descending != last;
                keys.add(parts[0]);
                last = descending;
            }
        }
        if (keys.isEmpty()) {
            orderBy.append("\"created_at\" ASC, ");
            keys.add("created_at");
        }
        orderBy.append(last ? "\"id\" DESC" : "\"id\" ASC");
        keys.add("id");
        String mode = total == null ? "exact" : total;
        if (!List.of("exact", "estimated", "none").contains(mode)) {
            throw ApiException.invalidQuery("total: must be exact, estimated or none");
        }
        if (cursor != null && (page != null || mixed || !CURSOR_COLUMNS.containsAll(keys.subList(0, keys.size() - 1)))) {
            throw ApiException.invalidQuery("cursor: not with page, and only over created_at or updated_at");
        }
        return new PostQuery(where.toString(), parameters, orderBy.toString(),
            positive("page", page, 1), Math.min(positive("limit", limit, 20), 200), mode, List.copyOf(keys), last,
            cursor);
    }

    /** @return the number of rows to skip */
    public long offset() {
        return cursor != null ? 0 : (long) (page - 1) * limit;
    }

    private static Object cast(String field, Class<?> type, String value) {
        try {
            if (type == Long.class) {
                return Long.parseLong(value);
            }
            return type == Double.class ? (Object) Double.parseDouble(value) : value;
        } catch (NumberFormatException e) {
            throw ApiException.invalidQuery("filter: invalid value for field '" + field + "'");
        }
    }

    private static int positive(String name, String value, int fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ApiException.invalidQuery(name + ": must be a positive integer");
    }
}
