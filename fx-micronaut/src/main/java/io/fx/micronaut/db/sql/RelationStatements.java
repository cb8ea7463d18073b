package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL of one relation, rendered once at startup: the nested-filter subquery around a condition
 * on the target, and the batched include query whose {@code IN} list is appended per request. Only
 * standard SQL ({@code IN} subqueries, a join on the junction).
 */
final class RelationStatements {

    final RelationDescriptor relation;
    /** The related rows' fields, in the order of the include query's first columns. */
    final List<FieldDescriptor> selected;
    /** Opens the nested-filter term; the target condition and {@link #filterClose} follow. */
    final String filterOpen;
    final String filterClose;
    /**
     * The include query up to the {@code IN (}: the target's readable columns, then (HasMany,
     * ManyToMany) the owner key the row belongs to.
     */
    final String includeSelect;
    /** After the {@code IN (...)} list. */
    final String includeOrder;
    /** BelongsTo with a key the owner's rows do not carry (hidden or writeonly): reads id and key. */
    final String keyLookup;
    /** BelongsTo: whether a live target with the bound id exists. */
    final String parentExists;
    /** BelongsTo: ids of the owner's live rows whose key is in the appended list. */
    final String liveChildren;
    /** BelongsTo: nulls the key of the owner's rows whose key is in the appended list; binds updated_at first. */
    final String setNull;

    RelationStatements(ModelDescriptor owner, RelationDescriptor relation, SqlDialect dialect) {
        this.relation = relation;
        ModelDescriptor target = relation.target();
        this.selected = target.getReadableFields();
        String id = dialect.quote("id");
        String fk = dialect.quote(relation.foreignKey().name());
        String targetTable = dialect.quote(target.getTable());
        String targetLive = and(ModelStatements.live(target, dialect, ""));
        if (relation.kind() == RelationKind.MANY_TO_MANY) {
            String junctionLive = and(ModelStatements.live(relation.through(), dialect, ""));
            this.filterOpen = id + " IN (SELECT " + fk + " FROM " + dialect.quote(relation.through().getTable())
                + " WHERE " + junctionLive + dialect.quote(relation.targetKey().name()) + " IN (SELECT " + id + " FROM "
                + targetTable + " WHERE " + targetLive;
            this.filterClose = "))";
            String columns = selected.stream().map(f -> "t." + dialect.quote(f.name()))
                .collect(Collectors.joining(", "));
            this.includeSelect = "SELECT " + columns + ", j." + fk + " FROM " + targetTable + " t JOIN "
                + dialect.quote(relation.through().getTable()) + " j ON j." + dialect.quote(relation.targetKey().name())
                + " = t." + id + " WHERE " + and(ModelStatements.live(target, dialect, "t."))
                + and(ModelStatements.live(relation.through(), dialect, "j.")) + "j." + fk + " IN (";
            this.includeOrder = ") ORDER BY t." + dialect.quote("created_at") + " ASC, t." + id + " ASC";
        } else {
            String columns = selected.stream().map(f -> dialect.quote(f.name())).collect(Collectors.joining(", "));
            boolean belongsTo = relation.kind() == RelationKind.BELONGS_TO;
            this.filterOpen = (belongsTo ? fk : id) + " IN (SELECT " + (belongsTo ? id : fk) + " FROM " + targetTable
                + " WHERE " + targetLive;
            this.filterClose = ")";
            this.includeSelect = "SELECT " + columns + (belongsTo ? "" : ", " + fk) + " FROM " + targetTable + " WHERE "
                + targetLive + (belongsTo ? id : fk) + " IN (";
            this.includeOrder = ")" + (belongsTo ? "" : " ORDER BY " + dialect.quote("created_at") + " ASC, " + id + " ASC");
        }
        String ownerTable = dialect.quote(owner.getTable());
        this.keyLookup = "SELECT " + id + ", " + fk + " FROM " + ownerTable + " WHERE " + id + " IN (";
        this.parentExists = "SELECT 1 FROM " + targetTable + " WHERE " + targetLive + id + " = ?";
        this.liveChildren = "SELECT " + id + " FROM " + ownerTable + " WHERE "
            + and(ModelStatements.live(owner, dialect, "")) + fk + " IN (";
        this.setNull = "UPDATE " + ownerTable + " SET " + fk + " = NULL, " + dialect.quote("updated_at") + " = ? WHERE "
            + fk + " IN (";
    }

    private static String and(String condition) {
        return condition == null ? "" : condition + " AND ";
    }
}
