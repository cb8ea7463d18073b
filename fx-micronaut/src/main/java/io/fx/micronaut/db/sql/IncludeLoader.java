package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.fx.micronaut.config.QueryLimits;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds included relations to a page of records: one batched {@code IN} query per relation and
 * level for the whole page (a second one only for a BelongsTo whose key is not readable), never one
 * per record. Related records carry their readable fields only; soft-deleted ones are left out. A
 * BelongsTo appears as a record or null, HasMany and ManyToMany as arrays in creation order. The
 * caller's scope of each related table (and of a ManyToMany's junction) holds: a scoped-out child is
 * absent, a scoped-out parent is null.
 * <p>
 * The requested model's {@link QueryLimits} bound the work: a HasMany or ManyToMany array holds at
 * most {@code maxIncludedPerParent} records, the first in the related model's default order (a
 * {@code ROW_NUMBER()} window per parent, so the database returns no more), and one response holds
 * at most {@code maxIncludedRows} included records in all, each counted as often as it appears (a
 * BelongsTo target embedded by 200 rows counts 200 times, and so do its own nested records). The
 * count grows while rows are read, and each statement may return only one row beyond what is left
 * ({@link java.sql.Statement#setMaxRows}): the first record over the limit refuses the request with
 * 400 {@code INVALID_QUERY} naming the include, before more is read or any response is built.
 */
final class IncludeLoader {

    private final Map<String, ModelStatements> statements;
    private final ColumnCodec codec;
    private final StatementPreparer preparer;

    IncludeLoader(Map<String, ModelStatements> statements, ColumnCodec codec, StatementPreparer preparer) {
        this.statements = statements;
        this.codec = codec;
        this.preparer = preparer;
    }

    /**
     * @param connection the connection
     * @param model      the model of the rows
     * @param rows       mutable records; each gains one entry per include key
     * @param includes   keys such as {@code author} or {@code comments.post}
     * @param scopes     the call's scopes
     */
    void attach(Connection connection, ModelDescriptor model, List<Map<String, Object>> rows, List<String> includes,
                CallScopes scopes) throws SQLException {
        if (includes.isEmpty() || rows.isEmpty()) {
            return;
        }
        QueryLimits limits = model.getLimits();
        attach(connection, model, rows, includes, new Budget(limits.maxIncludedPerParent(), limits.maxIncludedRows(),
            scopes), "");
    }

    private void attach(Connection connection, ModelDescriptor model, List<Map<String, Object>> rows,
                        List<String> includes, Budget budget, String path) throws SQLException {
        if (includes.isEmpty() || rows.isEmpty()) {
            return;
        }
        Map<String, List<String>> tree = new LinkedHashMap<>();
        for (String include : includes) {
            int dot = include.indexOf('.');
            String key = dot < 0 ? include : include.substring(0, dot);
            List<String> nested = tree.computeIfAbsent(key, k -> new ArrayList<>());
            if (dot >= 0) {
                nested.add(include.substring(dot + 1));
            }
        }
        for (Map.Entry<String, List<String>> entry : tree.entrySet()) {
            RelationDescriptor relation = model.findRelation(entry.getKey()).orElseThrow(() ->
                ErrorCode.INVALID_QUERY.exception("include: unknown relation '" + entry.getKey() + "' on "
                    + model.getName()));
            RelationStatements st = statements.get(model.getName()).relations.get(relation.name());
            String key = path + relation.name();
            List<Map<String, Object>> related = relation.isSingle()
                ? belongsTo(connection, st, rows, budget, key) : many(connection, st, rows, budget, key);
            attach(connection, relation.target(), related, entry.getValue(), budget, key + ".");
        }
    }

    private List<Map<String, Object>> belongsTo(Connection connection, RelationStatements st,
                                                List<Map<String, Object>> rows, Budget budget, String include)
        throws SQLException {
        FieldDescriptor key = st.relation.foreignKey();
        Map<Object, Object> keys = new LinkedHashMap<>();
        if (key.isReadable()) {
            rows.forEach(row -> keys.put(row.get("id"), row.get(key.name())));
        } else {
            keys.putAll(lookupKeys(connection, st, ids(rows)));
        }
        List<Object> wanted = new ArrayList<>(new LinkedHashSet<>(keys.values()));
        wanted.remove(null);
        Map<Object, Long> weights = new HashMap<>();
        for (Map<String, Object> row : rows) {
            Object target = keys.get(row.get("id"));
            if (target != null) {
                weights.merge(target, budget.weight(row), Long::sum);
            }
        }
        Map<Object, Map<String, Object>> byId = new LinkedHashMap<>();
        for (List<Object> chunk : StatementPreparer.chunks(wanted)) {
            query(connection, st, chunk, budget, (id, row) -> {
                budget.take(include, row, weights.getOrDefault(row.get("id"), 1L));
                byId.put(row.get("id"), row);
            });
        }
        for (Map<String, Object> row : rows) {
            Object target = keys.get(row.get("id"));
            row.put(st.relation.name(), target == null ? null : byId.get(target));
        }
        return new ArrayList<>(byId.values());
    }

    private List<Map<String, Object>> many(Connection connection, RelationStatements st, List<Map<String, Object>> rows,
                                           Budget budget, String key) throws SQLException {
        Map<Object, Long> weights = new HashMap<>();
        rows.forEach(row -> weights.merge(row.get("id"), budget.weight(row), Long::sum));
        Map<Object, List<Map<String, Object>>> byOwner = new LinkedHashMap<>();
        List<Map<String, Object>> all = new ArrayList<>();
        for (List<Object> chunk : StatementPreparer.chunks(ids(rows))) {
            query(connection, st, chunk, budget, (owner, row) -> {
                budget.take(key, row, weights.getOrDefault(owner, 1L));
                byOwner.computeIfAbsent(owner, k -> new ArrayList<>()).add(row);
                all.add(row);
            });
        }
        for (Map<String, Object> row : rows) {
            row.put(st.relation.name(), byOwner.getOrDefault(row.get("id"), new ArrayList<>()));
        }
        return all;
    }

    private void query(Connection connection, RelationStatements st, List<Object> values, Budget budget,
                       RowSink sink) throws SQLException {
        CallScopes scopes = budget.scopes;
        List<Object> parameters = new ArrayList<>(values.size() + 3);
        String scope;
        if (st.relation.kind() == RelationKind.MANY_TO_MANY) {
            scope = scopes.leading(st.relation.target(), "t.", parameters)
                + scopes.leading(st.relation.through(), "j.", parameters);
        } else {
            scope = scopes.leading(st.relation.target(), "", parameters);
        }
        parameters.addAll(values);
        boolean windowed = st.windowHead != null && budget.perParent >= 0;
        String sql;
        if (windowed) {
            parameters.add((long) budget.perParent);
            sql = st.windowHead + scope + st.includeKeyIn + StatementPreparer.placeholders(values.size()) + st.windowTail;
        } else {
            sql = st.includeHead + scope + st.includeKeyIn + StatementPreparer.placeholders(values.size())
                + st.includeOrder;
        }
        try (PreparedStatement ps = preparer.prepare(connection, sql)) {
            ColumnCodec.bindScalars(ps, 1, parameters);
            budget.bound(ps);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>(st.selected.size() * 2);
                    int column = 1;
                    for (FieldDescriptor field : st.selected) {
                        row.put(field.name(), codec.read(rs, column++, field, scopes.context()));
                    }
                    sink.accept(st.relation.isSingle() ? null : rs.getString(column), row);
                }
            }
        }
    }

    private Map<Object, Object> lookupKeys(Connection connection, RelationStatements st, List<Object> ids)
        throws SQLException {
        Map<Object, Object> keys = new LinkedHashMap<>();
        for (List<Object> chunk : StatementPreparer.chunks(ids)) {
            try (PreparedStatement ps = preparer.prepare(connection,
                st.keyLookup + StatementPreparer.placeholders(chunk.size()) + ")")) {
                ColumnCodec.bindScalars(ps, 1, chunk);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        keys.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
        }
        return keys;
    }

    private static List<Object> ids(List<Map<String, Object>> rows) {
        Set<Object> ids = new LinkedHashSet<>();
        rows.forEach(row -> ids.add(row.get("id")));
        return new ArrayList<>(ids);
    }

    /**
     * What one call may still include, and the scopes its statements hold. An included record counts
     * as often as it appears in the response: its weight is the sum of the weights of the records it
     * is added to (a page row weighs 1), so a BelongsTo shared by many rows counts its own nested
     * arrays once per row that embeds it.
     */
    private static final class Budget {

        private final int perParent;
        private final int rows;
        private final CallScopes scopes;
        private final Map<Map<String, Object>, Long> weights = new IdentityHashMap<>();
        private long taken;

        Budget(int perParent, int rows, CallScopes scopes) {
            this.perParent = perParent;
            this.rows = rows;
            this.scopes = scopes;
        }

        /** Lets the statement return one row beyond what is left, the one that proves the limit exceeded. */
        void bound(PreparedStatement ps) throws SQLException {
            if (rows >= 0) {
                ps.setMaxRows((int) Math.min(Integer.MAX_VALUE, rows - taken + 1));
            }
        }

        /** @return how often the record appears in the response */
        long weight(Map<String, Object> record) {
            return weights.getOrDefault(record, 1L);
        }

        /** Counts an included record that appears {@code weight} times, refusing the request beyond the limit. */
        void take(String include, Map<String, Object> record, long weight) {
            taken += weight;
            if (rows >= 0 && taken > rows) {
                throw ErrorCode.INVALID_QUERY.exception("include: '" + include + "' adds more records than the limit of "
                    + rows + " included records per response (maxIncludedRows); ask for fewer records or includes");
            }
            weights.put(record, weight);
        }
    }

    /** Receives one related row and, for HasMany and ManyToMany, the id of the record it belongs to. */
    @FunctionalInterface
    private interface RowSink {
        void accept(Object owner, Map<String, Object> row);
    }
}
