package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
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
            List<Map<String, Object>> related = relation.isSingle()
                ? belongsTo(connection, st, rows, scopes) : many(connection, st, rows, scopes);
            attach(connection, relation.target(), related, entry.getValue(), scopes);
        }
    }

    private List<Map<String, Object>> belongsTo(Connection connection, RelationStatements st,
                                                List<Map<String, Object>> rows, CallScopes scopes) throws SQLException {
        FieldDescriptor key = st.relation.foreignKey();
        Map<Object, Object> keys = new LinkedHashMap<>();
        if (key.isReadable()) {
            rows.forEach(row -> keys.put(row.get("id"), row.get(key.name())));
        } else {
            keys.putAll(lookupKeys(connection, st, ids(rows)));
        }
        List<Object> wanted = new ArrayList<>(new LinkedHashSet<>(keys.values()));
        wanted.remove(null);
        Map<Object, Map<String, Object>> byId = new LinkedHashMap<>();
        for (List<Object> chunk : StatementPreparer.chunks(wanted)) {
            query(connection, st, chunk, scopes, (id, row) -> byId.put(row.get("id"), row));
        }
        for (Map<String, Object> row : rows) {
            Object target = keys.get(row.get("id"));
            row.put(st.relation.name(), target == null ? null : byId.get(target));
        }
        return new ArrayList<>(byId.values());
    }

    private List<Map<String, Object>> many(Connection connection, RelationStatements st, List<Map<String, Object>> rows,
                                           CallScopes scopes) throws SQLException {
        Map<Object, List<Map<String, Object>>> byOwner = new LinkedHashMap<>();
        List<Map<String, Object>> all = new ArrayList<>();
        for (List<Object> chunk : StatementPreparer.chunks(ids(rows))) {
            query(connection, st, chunk, scopes, (owner, row) -> {
                byOwner.computeIfAbsent(owner, k -> new ArrayList<>()).add(row);
                all.add(row);
            });
        }
        for (Map<String, Object> row : rows) {
            row.put(st.relation.name(), byOwner.getOrDefault(row.get("id"), new ArrayList<>()));
        }
        return all;
    }

    private void query(Connection connection, RelationStatements st, List<Object> values, CallScopes scopes,
                       RowSink sink) throws SQLException {
        List<Object> parameters = new ArrayList<>(values.size() + 2);
        String scope;
        if (st.relation.kind() == RelationKind.MANY_TO_MANY) {
            scope = scopes.leading(st.relation.target(), "t.", parameters)
                + scopes.leading(st.relation.through(), "j.", parameters);
        } else {
            scope = scopes.leading(st.relation.target(), "", parameters);
        }
        parameters.addAll(values);
        String sql = st.includeHead + scope + st.includeKeyIn + StatementPreparer.placeholders(values.size())
            + st.includeOrder;
        try (PreparedStatement ps = preparer.prepare(connection, sql)) {
            ColumnCodec.bindScalars(ps, 1, parameters);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>(st.selected.size() * 2);
                    int column = 1;
                    for (FieldDescriptor field : st.selected) {
                        row.put(field.name(), codec.read(rs, column++, field));
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

    /** Receives one related row and, for HasMany and ManyToMany, the id of the record it belongs to. */
    @FunctionalInterface
    private interface RowSink {
        void accept(Object owner, Map<String, Object> row);
    }
}
