package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.SortField;

import java.util.ArrayList;
import java.util.List;

/**
 * The total order of a list, and the condition that continues it after a row.
 *
 * <p>The order is the query's sort keys ({@code created_at} ascending when it has none), then {@code id} as the
 * tie-breaker, in the direction of the last sort key, so a sort in one direction is one index range. A nullable
 * column places its nulls as the database does by default (PostgreSQL: above every value; H2: below), spelled out
 * in the {@code ORDER BY} so the continuation condition agrees with it whatever the database's settings.
 *
 * <p>The continuation after a row with values {@code v1..vn} is a row-value comparison
 * {@code (k1, .., kn) > (v1, .., vn)} when every key runs in one direction and none can be null, which an index on
 * {@code (k1, .., kn)} serves as a range; otherwise the equivalent expansion
 * {@code k1 > v1 OR (k1 = v1 AND k2 > v2) OR ...}, null-aware.
 */
final class Keyset {

    private final List<SortField> keys;
    private final boolean nullsHigh;

    /**
     * The id among the bound values of a continuation condition, so the store binds it as it binds every record id
     * (typed, where the column is a native {@code uuid}: an untyped parameter costs PostgreSQL a round trip).
     *
     * @param value the id
     */
    record Id(String value) {
    }

    private Keyset(List<SortField> keys, boolean nullsHigh) {
        this.keys = keys;
        this.nullsHigh = nullsHigh;
    }

    /**
     * @param model   the listed model
     * @param query   the list query
     * @param dialect the dialect, which knows where the database puts nulls
     * @return the query's total order
     */
    static Keyset of(ModelDescriptor model, ListQuery query, SqlDialect dialect) {
        List<SortField> keys = new ArrayList<>(query.sort().size() + 2);
        keys.addAll(query.sort());
        if (keys.isEmpty()) {
            // a model without created_at (a read-only synthetic one) is ordered by id alone
            model.findField("created_at").ifPresent(created -> keys.add(new SortField(created, false)));
        }
        boolean descending = !keys.isEmpty() && keys.get(keys.size() - 1).descending();
        keys.add(new SortField(model.findField("id").orElseThrow(), descending));
        return new Keyset(List.copyOf(keys), dialect.sortsNullsHigh());
    }

    /** @return the ordering keys, the id last */
    List<SortField> keys() {
        return keys;
    }

    /** @return the {@code ORDER BY} clause, with a leading space */
    String orderBy(SqlDialect dialect) {
        StringBuilder sql = new StringBuilder(" ORDER BY ");
        for (int i = 0; i < keys.size(); i++) {
            SortField key = keys.get(i);
            if (i > 0) {
                sql.append(", ");
            }
            sql.append(dialect.quote(key.field().name())).append(key.descending() ? " DESC" : " ASC");
            if (!SchemaMigrator.notNull(key.field())) {
                sql.append(nullsLast(key) ? " NULLS LAST" : " NULLS FIRST");
            }
        }
        return sql.toString();
    }

    /**
     * @param values     a row's values of the keys, in key order
     * @param parameters receives the values the condition binds
     * @return the condition that holds for exactly the rows after that row in this order
     */
    String after(SqlDialect dialect, List<Object> values, List<Object> parameters) {
        if (rowComparable(values)) {
            StringBuilder columns = new StringBuilder("(");
            StringBuilder marks = new StringBuilder("(");
            for (int i = 0; i < keys.size(); i++) {
                columns.append(i == 0 ? "" : ", ").append(dialect.quote(keys.get(i).field().name()));
                marks.append(i == 0 ? "?" : ", ?");
                parameters.add(bound(keys.get(i), values.get(i)));
            }
            return columns + ") " + (keys.get(0).descending() ? "<" : ">") + " " + marks + ")";
        }
        List<String> alternatives = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            List<Object> bound = new ArrayList<>(i + 1);
            String later = later(dialect, keys.get(i), values.get(i), bound);
            if (later == null) {
                continue; // nothing comes after this value on this key
            }
            StringBuilder alternative = new StringBuilder("(");
            List<Object> prefix = new ArrayList<>(i);
            for (int j = 0; j < i; j++) {
                alternative.append(equal(dialect, keys.get(j), values.get(j), prefix)).append(" AND ");
            }
            alternative.append(later).append(')');
            alternatives.add(alternative.toString());
            parameters.addAll(prefix);
            parameters.addAll(bound);
        }
        return alternatives.isEmpty() ? "1 = 0" : "(" + String.join(" OR ", alternatives) + ")";
    }

    private boolean rowComparable(List<Object> values) {
        boolean descending = keys.get(0).descending();
        for (int i = 0; i < keys.size(); i++) {
            SortField key = keys.get(i);
            if (key.descending() != descending || !SchemaMigrator.notNull(key.field()) || values.get(i) == null) {
                return false;
            }
        }
        return true;
    }

    /** @return the condition that a row comes after {@code value} on this key, or null when none can */
    private String later(SqlDialect dialect, SortField key, Object value, List<Object> parameters) {
        String column = dialect.quote(key.field().name());
        boolean nullable = !SchemaMigrator.notNull(key.field());
        if (value == null) {
            return nullsLast(key) ? null : column + " IS NOT NULL";
        }
        parameters.add(bound(key, value));
        String comparison = column + (key.descending() ? " < ?" : " > ?");
        return nullable && nullsLast(key) ? "(" + comparison + " OR " + column + " IS NULL)" : comparison;
    }

    private static String equal(SqlDialect dialect, SortField key, Object value, List<Object> parameters) {
        String column = dialect.quote(key.field().name());
        if (value == null) {
            return column + " IS NULL";
        }
        parameters.add(bound(key, value));
        return column + " = ?";
    }

    private static Object bound(SortField key, Object value) {
        return key.field().role() == FieldRole.ID ? new Id((String) value) : value;
    }

    /** @return whether nulls come after every value on this key */
    private boolean nullsLast(SortField key) {
        return key.descending() != nullsHigh;
    }
}
