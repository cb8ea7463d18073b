package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordIds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The raw SQL of a rotation over one model's table: pages of stored rows in id order (locked inside a transaction),
 * and the update of one row's envelopes and blind indexes. Raw rows carry the stored forms, which is what a rotation
 * reads and writes.
 *
 * <p>A page is a range read of the primary key's index: it starts after an id compared in the id column's own type
 * ({@code "id" > ?}, bound as a {@link UUID} for a native uuid column and as text for a text one, as the column's rows
 * come back); a cast of the column would hide it from the index and make each page read every row before it. A
 * locked page first reads its last id, then locks the rows up to it: H2 locks (and reads) every row a
 * {@code FOR UPDATE} range covers, whatever its {@code LIMIT}, so an open range would lock the rest of the table.
 */
final class RotationRows {

    private static final String ID = quote("id");

    private final Models models;
    private final ModelDescriptor model;
    private final List<FieldDescriptor> fields;
    private final String select;
    private final String selectId;
    /** Whether the id column holds native uuids, learned from the type its rows come back in; null until then. */
    private Boolean uuidIds;

    RotationRows(Models models, ModelDescriptor model, List<FieldDescriptor> fields) {
        this.models = models;
        this.model = model;
        this.fields = fields;
        List<String> columns = new ArrayList<>();
        columns.add(ID);
        for (FieldDescriptor field : fields) {
            columns.add(quote(field.name()));
            if (field.unique()) {
                columns.add(quote(EncryptedField.indexColumn(field)));
            }
        }
        this.select = "SELECT " + String.join(", ", columns) + " FROM " + quote(model.getTable());
        this.selectId = "SELECT " + ID + " FROM " + quote(model.getTable());
    }

    static String quote(String identifier) {
        return "\"" + identifier + "\"";
    }

    /**
     * @param afterId the id after which to read (a record id, {@link RecordIds}), or null from the first row
     * @param limit   the page size
     * @param lock    whether to lock the rows (inside a transaction)
     * @return the page, in id order
     */
    List<Map<String, Object>> page(String afterId, int limit, boolean lock) {
        Object after = null;
        if (afterId != null) {
            after = typed(afterId);
            if (after == null) {
                return List.of(); // an empty table has no row after any id
            }
        }
        Object upTo = null;
        if (lock) {
            List<Map<String, Object>> last = query(selectId, after, null, " ORDER BY " + ID + " LIMIT 1 OFFSET " + (limit - 1));
            upTo = last.isEmpty() ? null : last.get(0).get("id");
        }
        List<Map<String, Object>> page = query(select, after, upTo,
            " ORDER BY " + ID + " LIMIT " + limit + (lock ? " FOR UPDATE" : ""));
        learn(page);
        return page;
    }

    private List<Map<String, Object>> query(String head, Object after, Object upTo, String tail) {
        List<Object> parameters = new ArrayList<>(2);
        List<String> conditions = new ArrayList<>(2);
        if (after != null) {
            conditions.add(ID + " > ?");
            parameters.add(after);
        }
        if (upTo != null) {
            conditions.add(ID + " <= ?");
            parameters.add(upTo);
        }
        String where = conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
        return models.query(head + where + tail, parameters.toArray());
    }

    /** @return the id bound in the id column's own type, or null when the table has no row to learn it from */
    private Object typed(String afterId) {
        String id = RecordIds.stored(afterId);
        if (id == null) {
            throw new IllegalArgumentException("The id to start after is no record id");
        }
        if (uuidIds == null) {
            learn(models.query(selectId + " ORDER BY " + ID + " LIMIT 1"));
            if (uuidIds == null) {
                return null;
            }
        }
        return uuidIds ? UUID.fromString(id) : id;
    }

    private void learn(List<Map<String, Object>> rows) {
        if (uuidIds == null && !rows.isEmpty()) {
            uuidIds = rows.get(0).get("id") instanceof UUID;
        }
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
            + ID + " = ?", parameters.toArray());
    }

    List<FieldDescriptor> fields() {
        return fields;
    }
}
