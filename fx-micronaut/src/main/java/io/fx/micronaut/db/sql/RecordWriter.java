package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.json.RecordMap;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes one record on a connection inside the caller's transaction: checks the caller's scope, reads
 * the pre-image with the row locked, runs the record listeners around the statement and applies the
 * referential actions. Direct writes and the row-by-row edges of referential actions share it.
 */
final class RecordWriter implements CascadeWriter {

    private final SqlDialect dialect;
    private final ColumnCodec codec;
    private final IdBinder ids;
    private final Map<String, ModelStatements> statements;
    private final ReferentialActions actions;
    private final StorageExtensions extensions;
    private final StatementPreparer preparer;
    /** Whether the dialect can read an update's pre-image in the update statement itself. */
    private final boolean preImageInUpdate;

    RecordWriter(SqlDialect dialect, ColumnCodec codec, IdBinder ids, Map<String, ModelStatements> statements,
                 ReferentialActions actions, StorageExtensions extensions, StatementPreparer preparer) {
        this.dialect = dialect;
        this.codec = codec;
        this.ids = ids;
        this.statements = statements;
        this.actions = actions;
        this.extensions = extensions;
        this.preparer = preparer;
        this.preImageInUpdate = dialect.updateReturningPreImage("t", "\"a\" = ?", "SELECT \"id\" FROM t",
            List.of("\"id\"")).isPresent();
    }

    /**
     * @param record    every stored field of the new record (id and timestamps set), mutable
     * @param listeners the listeners that observe the create ({@link #listeners})
     * @return the stored record's readable fields
     */
    RecordMap create(Connection connection, CallScopes scopes, ModelDescriptor model, Map<String, Object> record,
                     List<RecordListener> listeners) throws SQLException {
        ModelStatements st = statements.get(model.getName());
        RecordChange change = listeners.isEmpty() ? null : new RecordChange(WriteOperation.CREATE, model,
            (String) record.get("id"), null, record, scopes.context(), false);
        for (RecordListener listener : listeners) {
            listener.beforeWrite(change);
        }
        RecordScope scope = scopes.forWrite(model, WriteOperation.CREATE);
        if (!scope.isUnrestricted()) {
            stamp(scope, record);
            if (!scope.admits(record)) {
                throw outside(model);
            }
        }
        Map<String, Object> keyed = actions.checkParents(connection, model, record, scopes);
        if (keyed != record) {
            record.putAll(keyed); // the create's own map, which its listeners see too
        }
        codec.codecs().addCompanionValues(model, record, scopes.context());
        try (PreparedStatement ps = preparer.prepare(connection, st.insert)) {
            int i = 1;
            for (FieldDescriptor field : st.inserted) {
                codec.bind(ps, i++, field, record.get(field.name()), scopes.context());
            }
            ps.executeUpdate();
        }
        RecordMap stored = new RecordMap(st.shape);
        for (int i = 0, n = st.selected.size(); i < n; i++) {
            FieldDescriptor field = st.selected.get(i);
            stored.set(i, codec.roundTrip(field, record.get(field.name()), scopes.context()));
        }
        if (change != null) {
            change.setAfter(stored);
            for (RecordListener listener : listeners) {
                listener.afterWrite(change);
            }
        }
        return stored;
    }

    /**
     * Updates a live record the caller may change: one statement when nothing needs the pre-image
     * ({@link #standalone}), else the pre-image under lock, the listeners around the statement and the
     * checks of the moved row and its keys.
     *
     * @param listeners the listeners that observe the update ({@link #listeners}); for a referential action's row,
     *                  every listener of its model ({@link RecordListener#observes} is not asked for those)
     */
    Optional<RecordChange> update(Connection connection, CallScopes scopes, ModelDescriptor model, String id,
                                  Map<String, Object> values, List<RecordListener> listeners, boolean cascade)
        throws SQLException {
        if (!cascade && standalone(scopes, model, WriteOperation.UPDATE, values, listeners)) {
            return updateStandalone(connection, scopes, model, id, values);
        }
        ModelStatements st = statements.get(model.getName());
        boolean withStatement = !cascade && preImageInUpdate && st.selectsId && preImageAfterStatement(listeners);
        Map<String, Object> before = null;
        if (!withStatement) {
            before = preImage(connection, scopes, st, id, WriteOperation.UPDATE).orElse(null);
            if (before == null) {
                return Optional.empty();
            }
        }
        RecordChange change = new RecordChange(WriteOperation.UPDATE, model, id, before,
            listeners.isEmpty() ? values : new LinkedHashMap<>(values), scopes.context(), cascade);
        for (RecordListener listener : listeners) {
            listener.beforeWrite(change);
        }
        Map<String, Object> changed = change.getValues();
        if (!scopes.forWrite(model, WriteOperation.UPDATE).admits(changed)) {
            throw outside(model);
        }
        Map<String, Object> checked = actions.checkParents(connection, model, changed, scopes);
        if (withStatement) {
            Images images = updateRowReadingPreImage(connection, scopes, st, id, checked);
            if (images == null) {
                return Optional.empty();
            }
            change.setBefore(images.before());
            change.setAfter(images.after());
        } else {
            change.setAfter(updateRow(connection, scopes, st, id, checked));
        }
        for (RecordListener listener : listeners) {
            listener.afterWrite(change);
        }
        return Optional.of(change);
    }

    /** Whether no listener of an update needs its pre-image before the statement. */
    private static boolean preImageAfterStatement(List<RecordListener> listeners) {
        for (RecordListener listener : listeners) {
            if (listener.needsPreImageBeforeStatement()) {
                return false;
            }
        }
        return true;
    }

    /**
     * An update that is its own statement ({@link #standalone}): no pre-image, one {@code UPDATE} that
     * answers the updated row; absent when no live record has the id.
     */
    private Optional<RecordChange> updateStandalone(Connection connection, CallScopes scopes, ModelDescriptor model, String id,
                                            Map<String, Object> values) throws SQLException {
        Map<String, Object> after = updateRow(connection, scopes, statements.get(model.getName()), id, values);
        if (after == null) {
            return Optional.empty();
        }
        RecordChange change = new RecordChange(WriteOperation.UPDATE, model, id, null, values, scopes.context(), false);
        change.setAfter(after);
        return Optional.of(change);
    }

    /** Runs the update statement of a checked write; returns the row as it left it, null when it matched none. */
    private Map<String, Object> updateRow(Connection connection, CallScopes scopes, ModelStatements st, String id,
                                          Map<String, Object> checked) throws SQLException {
        ModelDescriptor model = st.model;
        Assignments set = assignments(scopes, st, checked);
        StringBuilder sql = new StringBuilder("UPDATE ").append(st.table).append(" SET ").append(set.sql)
            .append(" WHERE ").append(dialect.quote("id")).append(" = ?");
        if (st.live != null) {
            sql.append(" AND ").append(st.live);
        }
        List<Object> scopeValues = new ArrayList<>(2);
        sql.append(scopes.trailingForWrite(model, WriteOperation.UPDATE, scopeValues));
        try (PreparedStatement ps = preparer.prepare(connection, dialect.updateReturning(sql.toString(), st.columns))) {
            int i = set.bind(ps, scopes);
            ids.bind(connection, ps, i++, st.tableName, id);
            ColumnCodec.bindScalars(ps, i, scopeValues);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? readRow(st, rs, scopes.context()) : null;
            }
        }
    }

    /**
     * Runs the update statement of a checked write that locks and reads the row in the same statement
     * ({@link SqlDialect#updateReturningPreImage}); returns the row as it was and as the update left it, null when it
     * matched none.
     */
    private Images updateRowReadingPreImage(Connection connection, CallScopes scopes, ModelStatements st, String id,
                                            Map<String, Object> checked) throws SQLException {
        Assignments set = assignments(scopes, st, checked);
        List<Object> scopeValues = new ArrayList<>(2);
        String read = st.selectById + scopes.trailingForWrite(st.model, WriteOperation.UPDATE, scopeValues);
        String sql = dialect.updateReturningPreImage(st.table, set.sql, read, st.quotedColumns).orElseThrow();
        try (PreparedStatement ps = preparer.prepare(connection, sql)) {
            int i = set.bind(ps, scopes);
            ids.bind(connection, ps, i++, st.tableName, id);
            ColumnCodec.bindScalars(ps, i, scopeValues);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new Images(readRow(st, rs, scopes.context()),
                    readRow(st, rs, scopes.context(), st.selected.size()));
            }
        }
    }

    /** The {@code SET} list of an update: the written fields (with their codecs' companion columns) and {@code updated_at}. */
    private Assignments assignments(CallScopes scopes, ModelStatements st, Map<String, Object> checked) {
        ModelDescriptor model = st.model;
        Map<String, Object> written = checked;
        if (!st.companions.isEmpty()) {
            written = new LinkedHashMap<>(written);
            codec.codecs().addCompanionValues(model, written, scopes.context());
        }
        List<FieldDescriptor> fields = new ArrayList<>(written.size());
        StringBuilder sql = new StringBuilder();
        for (String name : written.keySet()) {
            FieldDescriptor field = model.findField(name)
                .filter(f -> f.role() == FieldRole.DATA)
                .or(() -> st.companions.stream().filter(c -> c.name().equals(name)).findFirst())
                .orElseThrow(() -> new IllegalArgumentException("not a data field: " + name));
            fields.add(field);
            sql.append(dialect.quote(field.name())).append(" = ?, ");
        }
        sql.append(dialect.quote("updated_at")).append(" = ?");
        return new Assignments(sql.toString(), fields, written);
    }

    /** A row as it was before an update and as the update left it. */
    private record Images(RecordMap before, RecordMap after) {
    }

    /** An update's {@code SET} list and what it binds. */
    private final class Assignments {
        private final String sql;
        private final List<FieldDescriptor> fields;
        private final Map<String, Object> values;

        Assignments(String sql, List<FieldDescriptor> fields, Map<String, Object> values) {
            this.sql = sql;
            this.fields = fields;
            this.values = values;
        }

        /** Binds the written values and {@code updated_at} from the first parameter; returns the next index. */
        int bind(PreparedStatement ps, CallScopes scopes) throws SQLException {
            int i = 1;
            for (FieldDescriptor field : fields) {
                codec.bind(ps, i++, field, values.get(field.name()), scopes.context());
            }
            ColumnCodec.bindScalar(ps, i++, Instant.now().truncatedTo(ChronoUnit.MICROS));
            return i;
        }
    }

    /**
     * Deletes a live record the caller may change: one statement when nothing needs the pre-image
     * ({@link #standalone}); the soft delete, then the referential actions, when only those need doing
     * ({@link #softDeleteFirst}); else the pre-image under lock, the listeners and the referential actions.
     *
     * @param listeners the listeners that observe the delete ({@link #listeners}); for a referential action's row,
     *                  every listener of its model
     */
    Optional<RecordChange> delete(Connection connection, CallScopes scopes, ModelDescriptor model, String id,
                                  Instant now, boolean cascade, Set<String> visited, List<RecordListener> listeners)
        throws SQLException {
        if (!cascade && standalone(scopes, model, WriteOperation.DELETE, Map.of(), listeners)) {
            return deleteStandalone(connection, scopes, model, id, now);
        }
        ModelStatements st = statements.get(model.getName());
        if (!cascade && listeners.isEmpty() && st.marker != null) {
            return softDeleteFirst(connection, scopes, st, id, now, visited);
        }
        Optional<Map<String, Object>> before = preImage(connection, scopes, st, id, WriteOperation.DELETE);
        if (before.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(deleteLocked(connection, scopes, st, id, before.get(), now, cascade, visited, false,
            listeners));
    }

    /**
     * Removes a row, soft-deleted or live, the caller may delete: the pre-image under lock, the listeners (seeing a
     * removal) and the referential actions, then one {@code DELETE}.
     */
    Optional<RecordChange> hardDelete(Connection connection, CallScopes scopes, ModelDescriptor model, String id,
                                      Instant now) throws SQLException {
        ModelStatements st = statements.get(model.getName());
        List<Object> scopeValues = new ArrayList<>(2);
        String select = st.selectAnyById + scopes.trailingForWrite(model, WriteOperation.DELETE, scopeValues)
            + " FOR UPDATE";
        Optional<Map<String, Object>> before = selectOne(connection, scopes, st, select, id, scopeValues);
        if (before.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(deleteLocked(connection, scopes, st, id, before.get(), now, false, new HashSet<>(), true,
            extensions.listeners(model)));
    }

    /**
     * Deletes a record whose row the caller has locked and read: the listeners around it, the referential actions of
     * the relations pointing at it, then the soft delete's {@code UPDATE} (or {@code DELETE}), or with {@code remove}
     * the row's {@code DELETE} whether or not the model soft-deletes.
     */
    private RecordChange deleteLocked(Connection connection, CallScopes scopes, ModelStatements st, String id,
                                      Map<String, Object> before, Instant now, boolean cascade, Set<String> visited,
                                      boolean remove, List<RecordListener> listeners) throws SQLException {
        ModelDescriptor model = st.model;
        visited.add(st.tableName + ":" + id);
        RecordChange change = new RecordChange(WriteOperation.DELETE, model, id, before, new HashMap<>(),
            scopes.context(), cascade, remove || st.marker == null);
        for (RecordListener listener : listeners) {
            listener.beforeWrite(change);
        }
        if (actions.hasIncoming(model)) {
            actions.beforeDelete(connection, model, List.of(id), now, scopes, this, visited);
        }
        if (remove) {
            removeRow(connection, scopes, st, id);
        } else {
            deleteRow(connection, scopes, st, id, now);
        }
        for (RecordListener listener : listeners) {
            listener.afterWrite(change);
        }
        return change;
    }

    /**
     * A soft delete whose only extra work is the referential actions of the relations pointing at the model (no
     * listener needs the pre-image): the soft delete's {@code UPDATE} first, which finds the live row in the caller's
     * scope and locks it as the pre-image's read would, then the actions, in the same transaction (a refusal rolls the
     * {@code UPDATE} back). One statement fewer than reading the pre-image first.
     */
    private Optional<RecordChange> softDeleteFirst(Connection connection, CallScopes scopes, ModelStatements st, String id,
                                                   Instant now, Set<String> visited) throws SQLException {
        if (deleteRow(connection, scopes, st, id, now) == 0) {
            return Optional.empty();
        }
        visited.add(st.tableName + ":" + id);
        actions.beforeDelete(connection, st.model, List.of(id), now, scopes, this, visited);
        return Optional.of(new RecordChange(WriteOperation.DELETE, st.model, id, null, new HashMap<>(), scopes.context(),
            false));
    }

    private void removeRow(Connection connection, CallScopes scopes, ModelStatements st, String id) throws SQLException {
        List<Object> scopeValues = new ArrayList<>(2);
        String remove = st.remove + scopes.trailingForWrite(st.model, WriteOperation.DELETE, scopeValues);
        try (PreparedStatement ps = preparer.prepare(connection, remove)) {
            ids.bind(connection, ps, 1, st.tableName, id);
            ColumnCodec.bindScalars(ps, 2, scopeValues);
            ps.executeUpdate();
        }
    }

    /**
     * A delete that is its own statement ({@link #standalone}): no pre-image, one {@code DELETE} (or the
     * soft delete's {@code UPDATE}); absent when no live record has the id.
     */
    private Optional<RecordChange> deleteStandalone(Connection connection, CallScopes scopes, ModelDescriptor model, String id,
                                            Instant now) throws SQLException {
        if (deleteRow(connection, scopes, statements.get(model.getName()), id, now) == 0) {
            return Optional.empty();
        }
        return Optional.of(new RecordChange(WriteOperation.DELETE, model, id, null, new HashMap<>(), scopes.context(),
            false));
    }

    private int deleteRow(Connection connection, CallScopes scopes, ModelStatements st, String id, Instant now)
        throws SQLException {
        List<Object> scopeValues = new ArrayList<>(2);
        String scope = scopes.trailingForWrite(st.model, WriteOperation.DELETE, scopeValues);
        try (PreparedStatement ps = preparer.prepare(connection, st.delete + scope)) {
            int i = 1;
            if (st.marker != null) {
                ColumnCodec.bindScalar(ps, i++, st.marker.type() == FieldType.TIMESTAMP ? now : Boolean.TRUE);
                ColumnCodec.bindScalar(ps, i++, now);
            }
            ids.bind(connection, ps, i++, st.tableName, id);
            ColumnCodec.bindScalars(ps, i, scopeValues);
            return ps.executeUpdate();
        }
    }

    /**
     * The listeners a write calls, asked once per write: for a create or an update those that
     * {@linkplain RecordListener#observes observe} it, with the values it was given; for a soft delete those that
     * {@linkplain RecordListener#observesSoftDeletes observe soft deletes}; for a removal every listener of the model.
     */
    List<RecordListener> listeners(ModelDescriptor model, WriteOperation operation, Map<String, Object> values) {
        if (operation != WriteOperation.DELETE) {
            return extensions.listeners(model, operation, values);
        }
        return model.getSoftDeleteField().isPresent() ? extensions.softDeleteListeners(model) : extensions.listeners(model);
    }

    /**
     * How a write of the model for this call commits when it joins no transaction: {@link WriteCommit#STATEMENT}
     * when it is {@link #standalone}; {@link WriteCommit#LOCAL} when no record listener runs in it, neither the
     * write's own nor one of a model its referential actions reach (its other statements are the framework's own:
     * a relation check, the actions, a scope check); else {@link WriteCommit#MANAGED}.
     *
     * @param listeners the write's {@link #listeners}
     */
    WriteCommit commit(CallScopes scopes, ModelDescriptor model, WriteOperation operation, Map<String, Object> values,
                       List<RecordListener> listeners) {
        if (standalone(scopes, model, operation, values, listeners)) {
            return WriteCommit.STATEMENT;
        }
        if (!listeners.isEmpty()) {
            return WriteCommit.MANAGED;
        }
        if (operation == WriteOperation.DELETE) {
            for (ModelDescriptor reached : actions.reached(model)) {
                if (!extensions.listeners(reached).isEmpty()) {
                    return WriteCommit.MANAGED;
                }
            }
        }
        return WriteCommit.LOCAL;
    }

    /**
     * Whether a write of the model for this call is one statement that needs nothing else: no record
     * listener that observes it (so no pre-image and nothing to run around it), a write scope that restricts nothing (so no
     * moved row to check), no key to a parent among the values (so no relation check) and, for a delete, no
     * relation pointing at the model (so no referential action). Such a write reads no pre-image, inside a
     * transaction too; outside one it auto-commits (see {@code SqlDataStore}).
     *
     * @param listeners the write's {@link #listeners}
     */
    boolean standalone(CallScopes scopes, ModelDescriptor model, WriteOperation operation, Map<String, Object> values,
                       List<RecordListener> listeners) {
        if (!listeners.isEmpty()) {
            return false;
        }
        return switch (operation) {
            case CREATE -> !actions.namesParent(model, values);
            case UPDATE -> scopes.forWrite(model, operation).isUnrestricted() && !actions.namesParent(model, values);
            case DELETE -> scopes.forWrite(model, operation).isUnrestricted() && !actions.hasIncoming(model);
        };
    }

    /**
     * The record before a write, read inside the write's transaction under a row lock so nothing can
     * change it before the statement: also where the dialect serialises write transactions (an embedded
     * database), since single auto-committed statements run beside them.
     */
    private Optional<Map<String, Object>> preImage(Connection connection, CallScopes scopes, ModelStatements st,
                                                   String id, WriteOperation operation) throws SQLException {
        return selectForUpdate(connection, scopes, st, id, operation);
    }

    /** Reads a live record the caller may change and locks its row until the transaction ends. */
    Optional<Map<String, Object>> selectForUpdate(Connection connection, CallScopes scopes, ModelStatements st,
                                                  String id, WriteOperation operation) throws SQLException {
        List<Object> scopeValues = new ArrayList<>(2);
        String sql = st.selectById + scopes.trailingForWrite(st.model, operation, scopeValues) + " FOR UPDATE";
        return selectOne(connection, scopes, st, sql, id, scopeValues);
    }

    /** Reads a live record in the caller's scope. */
    Optional<Map<String, Object>> select(Connection connection, CallScopes scopes, ModelStatements st, String id)
        throws SQLException {
        List<Object> scopeValues = new ArrayList<>(2);
        String sql = st.selectById + scopes.trailing(st.model, "", scopeValues);
        return selectOne(connection, scopes, st, sql, id, scopeValues);
    }

    /** Whether the row exists in the caller's scope, soft-deleted or not. */
    boolean existsInScope(Connection connection, CallScopes scopes, ModelStatements st, String id) throws SQLException {
        List<Object> scopeValues = new ArrayList<>(2);
        String sql = st.existsById + scopes.trailing(st.model, "", scopeValues);
        try (PreparedStatement ps = preparer.prepare(connection, sql)) {
            ids.bind(connection, ps, 1, st.tableName, id);
            ColumnCodec.bindScalars(ps, 2, scopeValues);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private Optional<Map<String, Object>> selectOne(Connection connection, CallScopes scopes, ModelStatements st,
                                                    String sql, String id, List<Object> scopeValues) throws SQLException {
        try (PreparedStatement ps = preparer.prepare(connection, sql)) {
            ids.bind(connection, ps, 1, st.tableName, id);
            ColumnCodec.bindScalars(ps, 2, scopeValues);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(readRow(st, rs, scopes.context())) : Optional.empty();
            }
        }
    }

    RecordMap readRow(ModelStatements st, ResultSet rs, StorageContext caller) throws SQLException {
        return readRow(st, rs, caller, 0);
    }

    /** Reads the selected fields from the columns after the first {@code skipped}. */
    private RecordMap readRow(ModelStatements st, ResultSet rs, StorageContext caller, int skipped) throws SQLException {
        RecordMap row = new RecordMap(st.shape);
        List<FieldDescriptor> fields = st.selected;
        for (int i = 0, n = fields.size(); i < n; i++) {
            row.set(i, codec.read(rs, skipped + i + 1, fields.get(i), caller));
        }
        return row;
    }

    @Override
    public boolean rowByRow(ModelDescriptor child) {
        return !extensions.listeners(child).isEmpty();
    }

    @Override
    public void deleteChild(Connection connection, CallScopes scopes, ModelDescriptor child, String id, Instant now,
                            Set<String> visited) throws SQLException {
        delete(connection, scopes, child, id, now, true, visited, extensions.listeners(child));
    }

    @Override
    public void clearKey(Connection connection, CallScopes scopes, ModelDescriptor child, String id, String keyField)
        throws SQLException {
        Map<String, Object> values = new HashMap<>();
        values.put(keyField, null);
        update(connection, scopes, child, id, values, extensions.listeners(child), true);
    }

    /** Fills each column an {@code eq} restriction fixes and the record leaves empty. */
    private static void stamp(RecordScope scope, Map<String, Object> record) {
        for (FilterClause clause : scope.conditions()) {
            String name = clause.field().name();
            if (record.get(name) == null) {
                scope.fixedValue(name).ifPresent(value -> record.put(name, value));
            }
        }
    }

    private static io.fx.micronaut.exception.FxException outside(ModelDescriptor model) {
        return ErrorCode.FORBIDDEN.exception("The " + model.getName() + " record would lie outside what you may write");
    }
}
