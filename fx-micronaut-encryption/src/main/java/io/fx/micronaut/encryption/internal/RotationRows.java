package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The raw SQL of a rotation over one model's table: pages of stored rows in id order (locked inside a transaction),
 * and the update of one row's envelopes and blind indexes. Raw rows carry the stored forms, which is what a rotation
 * reads and writes; ids are compared as text so native uuid and text id columns page alike.
 */
final class RotationRows {

    private final Models models;
    private final ModelDescriptor model;
    private final List<FieldDescriptor> fields;
    private final String select;

    RotationRows(Models models, ModelDescriptor model, List<FieldDescriptor> fields) {
        this.models = models;
        this.model = model;
        this.fields = fields;
        List<String> columns = new ArrayList<>();
        columns.add(quote("id"));
        for (FieldDescriptor field : fields) {
            columns.add(quote(field.name()));
            if (field.unique()) {
                columns.add(quote(EncryptedField.indexColumn(field)));
            }
        }
        this.select = "SELECT " + String.join(", ", columns) + " FROM " + quote(model.getTable());
    }

    static String quote(String identifier) {
        return "\"" + identifier + "\"";
    }

    /**
     * @param afterId the id after which to read, or null from the first row
     * @param limit   the page size
     * @param lock    whether to lock the rows (inside a transaction)
     * @return the page, in id order
     */
    List<Map<String, Object>> page(String afterId, int limit, boolean lock) {
        String where = afterId == null ? "" : " WHERE CAST(" + quote("id") + " AS VARCHAR(36)) > ?";
        String sql = select + where + " ORDER BY " + quote("id") + " LIMIT " + limit + (lock ? " FOR UPDATE" : "");
        return afterId == null ? models.query(sql) : models.query(sql, afterId);
    }

    /**
     * @param id      the row's id, as the page returned it
     * @param columns the new stored values by column
     */
    void update(Object id, Map<String, Object> columns) {
        List<String> sets = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        columns.forEach((column, value) -> {
            sets.add(quote(column) + " = ?");
            parameters.add(value);
        });
        parameters.add(id);
        models.execute("UPDATE " + quote(model.getTable()) + " SET " + String.join(", ", sets) + " WHERE "
            + quote("id") + " = ?", parameters.toArray());
    }

    List<FieldDescriptor> fields() {
        return fields;
    }
}
