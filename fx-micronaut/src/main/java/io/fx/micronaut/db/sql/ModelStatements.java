package io.fx.micronaut.db.sql;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL of one model that does not depend on the request, rendered once at startup.
 */
final class ModelStatements {

    final String table;
    /** Fields read back from the table: the readable ones. */
    final List<FieldDescriptor> selected;
    /** Fields written on insert: every stored field but a synthetic marker. */
    final List<FieldDescriptor> inserted;
    final String selectFrom;
    final String countFrom;
    final String selectById;
    final String insert;
    final String delete;
    /** The live-row condition, or null when the model does not soft-delete. */
    final String live;
    final FieldDescriptor marker;

    ModelStatements(ModelDescriptor model, SqlDialect dialect) {
        this.table = dialect.quote(model.getTable());
        this.selected = model.getReadableFields();
        this.marker = model.getSoftDeleteField().orElse(null);
        this.inserted = model.getFields();
        String columns = selected.stream().map(f -> dialect.quote(f.name())).collect(Collectors.joining(", "));
        this.selectFrom = "SELECT " + columns + " FROM " + table;
        this.countFrom = "SELECT COUNT(*) FROM " + table;
        if (marker == null) {
            this.live = null;
        } else if (model.getSoftDelete() == SoftDelete.TIMESTAMP) {
            this.live = dialect.quote(marker.name()) + " IS NULL";
        } else {
            this.live = "(" + dialect.quote(marker.name()) + " IS NULL OR " + dialect.quote(marker.name()) + " = FALSE)";
        }
        String idCondition = dialect.quote("id") + " = ?" + (live == null ? "" : " AND " + live);
        this.selectById = selectFrom + " WHERE " + idCondition;
        this.insert = "INSERT INTO " + table + " ("
            + inserted.stream().map(f -> dialect.quote(f.name())).collect(Collectors.joining(", "))
            + ") VALUES (" + inserted.stream().map(f -> "?").collect(Collectors.joining(", ")) + ")";
        if (marker == null) {
            this.delete = "DELETE FROM " + table + " WHERE " + dialect.quote("id") + " = ?";
        } else {
            this.delete = "UPDATE " + table + " SET " + dialect.quote(marker.name()) + " = ?, "
                + dialect.quote("updated_at") + " = ? WHERE " + idCondition;
        }
    }
}
