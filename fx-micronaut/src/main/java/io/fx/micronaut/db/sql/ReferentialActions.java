package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordIds;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps BelongsTo relations consistent inside the caller's transaction. A key written on create or
 * update must name a live parent (409 {@code CONFLICT} naming the field otherwise); the parent's id is
 * taken in any case and stored in lower case ({@link RecordIds}). Before a parent is deleted, the
 * {@code onDelete} action of every relation pointing at it runs: {@code restrict} refuses
 * with 409 while live children exist, {@code setNull} clears their key, {@code cascade} deletes them
 * (soft-deleting children that soft-delete) after applying their own children's actions. Foreign keys
 * created by migration remain a second line of defence where the database can enforce them.
 *
 * <p>Every statement holds the caller's scope of the table it reads or writes: a parent outside the
 * scope is as missing, and the actions reach only children inside it. A {@code cascade} or {@code setNull}
 * that would change a live child the caller may read but not change (outside its write scope: another
 * owner's record) refuses the delete with 409 {@code CONFLICT} naming the relation, as {@code restrict}
 * does, and the caller's transaction undoes whatever the delete had done. When a record listener covers
 * a child model, its edges run row by row through the {@link CascadeWriter}; otherwise as one bulk
 * statement per chunk of parents.</p>
 */
final class ReferentialActions {

    private final Map<String, ModelStatements> statements;
    private final Map<String, List<Incoming>> incoming;
    private final Map<String, List<ModelDescriptor>> reached;
    private final StatementPreparer preparer;

    ReferentialActions(Collection<ModelDescriptor> models, Map<String, ModelStatements> statements,
                       StatementPreparer preparer) {
        this.statements = statements;
        this.preparer = preparer;
        Map<String, List<Incoming>> byParent = new HashMap<>();
        for (ModelDescriptor child : models) {
            for (RelationDescriptor relation : child.getRelations()) {
                if (relation.kind() == RelationKind.BELONGS_TO) {
                    byParent.computeIfAbsent(relation.target().getName(), k -> new ArrayList<>())
                        .add(new Incoming(child, statements.get(child.getName()).relations.get(relation.name())));
                }
            }
        }
        byParent.replaceAll((k, v) -> List.copyOf(v));
        this.incoming = Map.copyOf(byParent);
        Map<String, List<ModelDescriptor>> reachedByParent = new HashMap<>();
        for (String parent : incoming.keySet()) {
            Map<String, ModelDescriptor> children = new LinkedHashMap<>();
            collectChildren(parent, children);
            reachedByParent.put(parent, List.copyOf(children.values()));
        }
        this.reached = Map.copyOf(reachedByParent);
    }

    private void collectChildren(String parent, Map<String, ModelDescriptor> children) {
        for (Incoming edge : incoming.getOrDefault(parent, List.of())) {
            if (children.putIfAbsent(edge.child().getName(), edge.child()) == null) {
                collectChildren(edge.child().getName(), children);
            }
        }
    }

    /**
     * @param parent a model
     * @return every model whose rows a delete of the parent's may read or write through the relations' actions,
     *     at any depth (empty when no relation points at it)
     */
    List<ModelDescriptor> reached(ModelDescriptor parent) {
        return reached.getOrDefault(parent.getName(), List.of());
    }

    /**
     * @param parent a model
     * @return whether any BelongsTo relation points at it
     */
    boolean hasIncoming(ModelDescriptor parent) {
        return incoming.containsKey(parent.getName());
    }

    /**
     * @param model  the written model
     * @param values the written values
     * @return whether they set a BelongsTo key to a value, which {@link #checkParents} must check
     */
    boolean namesParent(ModelDescriptor model, Map<String, Object> values) {
        for (RelationDescriptor relation : model.getRelations()) {
            if (relation.kind() == RelationKind.BELONGS_TO && values.get(relation.foreignKey().name()) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses keys that name no live parent, and gives every key its stored, lower-case form
     * ({@link RecordIds}): a parent's id is accepted in any case.
     *
     * @param connection the connection
     * @param model      the written model
     * @param values     the written values
     * @return the values to write: {@code values} itself when every key already is in its stored form, else
     *     a copy with the keys in it
     */
    Map<String, Object> checkParents(Connection connection, ModelDescriptor model, Map<String, Object> values,
                                     CallScopes scopes) throws SQLException {
        Map<String, Object> checked = values;
        for (RelationDescriptor relation : model.getRelations()) {
            Object key = relation.kind() == RelationKind.BELONGS_TO ? values.get(relation.foreignKey().name()) : null;
            if (key == null) {
                continue;
            }
            RelationStatements st = statements.get(model.getName()).relations.get(relation.name());
            String stored = RecordIds.stored(key);
            boolean exists = false;
            if (stored != null) {
                List<Object> parameters = new ArrayList<>(2);
                parameters.add(stored);
                String scope = scopes.trailing(relation.target(), "", parameters);
                try (PreparedStatement ps = preparer.prepare(connection, st.parentExists + scope)) {
                    ColumnCodec.bindScalars(ps, 1, parameters);
                    try (ResultSet rs = ps.executeQuery()) {
                        exists = rs.next();
                    }
                }
            }
            if (!exists) {
                String field = relation.foreignKey().name();
                throw conflict(model, field, field + ": no " + relation.target().getName() + " with id '" + key + "'");
            }
            if (!stored.equals(key)) {
                checked = checked == values ? new LinkedHashMap<>(values) : checked;
                checked.put(relation.foreignKey().name(), stored);
            }
        }
        return checked;
    }

    /**
     * Applies the actions of every relation pointing at the given live records of {@code parent}.
     *
     * @param connection the connection
     * @param parent     the model being deleted
     * @param ids        the ids of its records about to be deleted
     * @param now        the deletion time
     * @param scopes     the call's scopes
     * @param writer     writes children row by row where a listener covers them
     * @param visited    {@code table:id} of every record this delete has reached, against cycles
     */
    void beforeDelete(Connection connection, ModelDescriptor parent, List<Object> ids, Instant now, CallScopes scopes,
                      CascadeWriter writer, Set<String> visited) throws SQLException {
        for (Incoming in : incoming.getOrDefault(parent.getName(), List.of())) {
            RelationStatements st = in.statements;
            switch (st.relation.onDelete()) {
                case RESTRICT -> {
                    if (!liveChildren(connection, st, ids, true, scopes).isEmpty()) {
                        String field = st.relation.foreignKey().name();
                        throw conflict(in.child, field, "Cannot delete " + parent.getName() + ": live "
                            + in.child.getTable() + " records refer to it through " + field);
                    }
                }
                case SET_NULL -> {
                    refuseUnwritableChildren(connection, parent, in, ids, scopes, WriteOperation.UPDATE);
                    if (writer.rowByRow(in.child)) {
                        for (Object child : liveChildren(connection, st, ids, false, scopes)) {
                            writer.clearKey(connection, scopes, in.child, (String) child, st.relation.foreignKey().name());
                        }
                    }
                    // what is left: all children when none is reported, soft-deleted ones otherwise
                    List<Object> leading = new ArrayList<>(List.of(now));
                    String scope = scopes.leadingForWrite(in.child, WriteOperation.UPDATE, leading);
                    run(connection, st.setNullHead + scope + st.keyIn, ids, leading);
                }
                case CASCADE -> {
                    refuseUnwritableChildren(connection, parent, in, ids, scopes, WriteOperation.DELETE);
                    List<Object> children = liveChildren(connection, st, ids, false, scopes);
                    children.removeIf(id -> !visited.add(in.child.getTable() + ":" + id));
                    if (children.isEmpty()) {
                        continue;
                    }
                    if (writer.rowByRow(in.child)) {
                        for (Object child : children) {
                            writer.deleteChild(connection, scopes, in.child, (String) child, now, visited);
                        }
                    } else {
                        beforeDelete(connection, in.child, children, now, scopes, writer, visited);
                        ModelStatements child = statements.get(in.child.getName());
                        List<Object> leading = child.marker == null ? List.of()
                            : List.of(child.marker.type() == FieldType.TIMESTAMP ? now : Boolean.TRUE, now);
                        run(connection, child.deleteByIds, children, leading);
                    }
                }
                default -> {
                }
            }
        }
    }

    /** A cascade or setNull may change only children the caller may change: 409 naming the relation otherwise. */
    private void refuseUnwritableChildren(Connection connection, ModelDescriptor parent, Incoming in, List<Object> ids,
                                          CallScopes scopes, WriteOperation operation) throws SQLException {
        List<Object> scopeValues = new ArrayList<>(4);
        String readable = scopes.leading(in.child, "", scopeValues);
        String notWritable = scopes.leadingNotForWrite(in.child, operation, scopeValues);
        if (notWritable.isEmpty() || children(connection, in.statements, ids, true, readable + notWritable, scopeValues).isEmpty()) {
            return;
        }
        RelationDescriptor relation = in.statements.relation;
        String field = relation.foreignKey().name();
        throw conflict(in.child, field, "Cannot delete " + parent.getName() + ": the " + relation.onDelete().token()
            + " relation " + in.child.getName() + "." + relation.name() + " would change " + in.child.getTable()
            + " records the caller may not change");
    }

    private List<Object> liveChildren(Connection connection, RelationStatements st, List<Object> parentIds,
                                      boolean firstOnly, CallScopes scopes) throws SQLException {
        List<Object> scopeValues = new ArrayList<>(2);
        String scope = scopes.leading(st.owner, "", scopeValues);
        return children(connection, st, parentIds, firstOnly, scope, scopeValues);
    }

    private List<Object> children(Connection connection, RelationStatements st, List<Object> parentIds,
                                  boolean firstOnly, String scope, List<Object> scopeValues) throws SQLException {
        List<Object> children = new ArrayList<>();
        for (List<Object> chunk : StatementPreparer.chunks(parentIds)) {
            try (PreparedStatement ps = preparer.prepare(connection,
                st.liveChildrenHead + scope + st.keyIn + StatementPreparer.placeholders(chunk.size()) + ")")) {
                ColumnCodec.bindScalars(ps, ColumnCodec.bindScalars(ps, 1, scopeValues), chunk);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        children.add(rs.getString(1));
                        if (firstOnly) {
                            return children;
                        }
                    }
                }
            }
        }
        return children;
    }

    private void run(Connection connection, String prefix, List<Object> ids, List<Object> leading) throws SQLException {
        for (List<Object> chunk : StatementPreparer.chunks(ids)) {
            try (PreparedStatement ps = preparer.prepare(connection,
                prefix + StatementPreparer.placeholders(chunk.size()) + ")")) {
                ColumnCodec.bindScalars(ps, ColumnCodec.bindScalars(ps, 1, leading), chunk);
                ps.executeUpdate();
            }
        }
    }


    private static FxException conflict(ModelDescriptor model, String column, String message) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("table", model.getTable());
        details.put("column", column);
        details.put("detail", message);
        return ErrorCode.CONFLICT.exception(message, details, null);
    }

    /** A BelongsTo relation of {@code child} pointing at the parent. */
    private record Incoming(ModelDescriptor child, RelationStatements statements) {
    }
}
