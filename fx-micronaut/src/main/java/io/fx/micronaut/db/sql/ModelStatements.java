package io.fx.micronaut.db.sql;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.json.RecordShape;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.ModelDescriptor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The SQL of one model that does not depend on the request, rendered once at startup.
 */
final class ModelStatements {

    final ModelDescriptor model;
    final String table;
    /** The table's name as the database stores it, unquoted. */
    final String tableName;
    /** Fields read back from the table: the readable ones. */
    final List<FieldDescriptor> selected;
    /** The selected fields as the shape of every row read. */
    final RecordShape shape;
    /** Columns written on insert: every field, then the companion columns of field codecs. */
    final List<FieldDescriptor> inserted;
    /** The companion columns of field codecs, written beside their fields. */
    final List<FieldDescriptor> companions;
    /** The selected columns, quoted and comma-separated. */
    final String columns;
    /** The selected columns, quoted, one by one. */
    final List<String> quotedColumns;
    /** Whether {@code id} is among the selected columns, which a read joined to its own update needs. */
    final boolean selectsId;
    final String selectFrom;
    final String countFrom;
    final String selectById;
    /** The id condition alone, soft-deleted rows included: whether a row exists in a caller's scope. */
    final String existsById;
    /** A row by id, soft-deleted or live: the pre-image of a hard delete. */
    final String selectAnyById;
    /** Removes a row by id, whether or not the model soft-deletes. */
    final String remove;
    final String insert;
    final String delete;
    /** The live-row condition, or null when the model does not soft-delete. */
    final String live;
    final FieldDescriptor marker;
    /** Deletes (or soft-deletes, binding the marker and updated_at first) the rows whose id is in the appended list. */
    final String deleteByIds;
    /** The rendered SQL of each relation, by relation key. */
    final Map<String, RelationStatements> relations;

    ModelStatements(ModelDescriptor model, SqlDialect dialect, List<FieldDescriptor> companions) {
        this.model = model;
        this.table = dialect.quote(model.getTable());
        this.tableName = model.getTable();
        this.selected = model.getReadableFields();
        this.shape = new RecordShape(selected.stream().map(FieldDescriptor::name).toList());
        this.marker = model.getSoftDeleteField().orElse(null);
        this.companions = List.copyOf(companions);
        List<FieldDescriptor> stored = new ArrayList<>(model.getFields());
        stored.addAll(companions);
        this.inserted = List.copyOf(stored);
        this.quotedColumns = selected.stream().map(f -> dialect.quote(f.name())).toList();
        this.columns = String.join(", ", quotedColumns);
        this.selectsId = selected.stream().anyMatch(f -> f.role() == FieldRole.ID);
        this.selectFrom = "SELECT " + columns + " FROM " + table;
        this.countFrom = "SELECT COUNT(*) FROM " + table;
        this.live = live(model, dialect, "");
        String idCondition = dialect.quote("id") + " = ?" + (live == null ? "" : " AND " + live);
        this.selectById = selectFrom + " WHERE " + idCondition;
        this.existsById = "SELECT 1 FROM " + table + " WHERE " + dialect.quote("id") + " = ?";
        this.selectAnyById = selectFrom + " WHERE " + dialect.quote("id") + " = ?";
        this.remove = "DELETE FROM " + table + " WHERE " + dialect.quote("id") + " = ?";
        this.insert = "INSERT INTO " + table + " ("
            + inserted.stream().map(f -> dialect.quote(f.name())).collect(Collectors.joining(", "))
            + ") VALUES (" + inserted.stream().map(f -> "?").collect(Collectors.joining(", ")) + ")";
        Map<String, RelationStatements> byKey = new LinkedHashMap<>();
        model.getRelations().forEach(r -> byKey.put(r.name(), new RelationStatements(model, r, dialect)));
        this.relations = Map.copyOf(byKey);
        this.deleteByIds = (marker == null ? "DELETE FROM " + table
            : "UPDATE " + table + " SET " + dialect.quote(marker.name()) + " = ?, "
                + dialect.quote("updated_at") + " = ?")
            + " WHERE " + dialect.quote("id") + " IN (";
        if (marker == null) {
            this.delete = "DELETE FROM " + table + " WHERE " + dialect.quote("id") + " = ?";
        } else {
            this.delete = "UPDATE " + table + " SET " + dialect.quote(marker.name()) + " = ?, "
                + dialect.quote("updated_at") + " = ? WHERE " + idCondition;
        }
    }

    /**
     * @param model     a model
     * @param dialect   the dialect
     * @param qualifier a table alias with its dot ({@code "t."}), or empty
     * @return the live-row condition of the model, or null when it does not soft-delete
     */
    static String live(ModelDescriptor model, SqlDialect dialect, String qualifier) {
        FieldDescriptor marker = model.getSoftDeleteField().orElse(null);
        if (marker == null) {
            return null;
        }
        String column = qualifier + dialect.quote(marker.name());
        return model.getSoftDelete() == SoftDelete.TIMESTAMP ? column + " IS NULL"
            : "(" + column + " IS NULL OR " + column + " = FALSE)";
    }
}
