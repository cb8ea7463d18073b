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
    /** The model that declares the relation. */
    final ModelDescriptor owner;
    /** The related rows' fields, in the order of the include query's first columns. */
    final List<FieldDescriptor> selected;
    /** ManyToMany: opens the nested-filter term on the junction, up to its live condition; else null. */
    final String filterJunctionOpen;
    /** Opens the nested-filter subquery on the target, up to its live condition; the target condition and {@link #filterClose} follow. */
    final String filterOpen;
    final String filterClose;
    /**
     * The include query up to its key condition: the target's readable columns, then (HasMany,
     * ManyToMany) the owner key the row belongs to, and the live conditions with a trailing AND.
     */
    final String includeHead;
    /** The include query's key condition up to the {@code IN (}. */
    final String includeKeyIn;
    /** The include query up to the {@code IN (}: {@link #includeHead} then {@link #includeKeyIn}. */
    final String includeSelect;
    /** After the {@code IN (...)} list. */
    final String includeOrder;
    /**
     * HasMany, ManyToMany: the include query bounded per parent, up to its key condition: the rows of
     * {@link #includeHead} numbered per owner in the target's default order ({@code created_at}, then
     * {@code id}) by {@code ROW_NUMBER() OVER (PARTITION BY ...)}; the caller's scope and
     * {@link #includeKeyIn} follow inside the window, so scoped-out rows take no number. Else null.
     */
    final String windowHead;
    /** After the {@code IN (...)} list of {@link #windowHead}: keeps the rows numbered up to the bound {@code ?}. */
    final String windowTail;
    /** BelongsTo with a key the owner's rows do not carry (hidden or writeonly): reads id and key. */
    final String keyLookup;
    /** BelongsTo: whether a live target with the bound id exists. */
    final String parentExists;
    /** BelongsTo: ids of the owner's live rows, up to its live condition (with a trailing AND). */
    final String liveChildrenHead;
    /** BelongsTo: the key condition of {@link #liveChildrenHead}, up to the {@code IN (}. */
    final String keyIn;
    /** BelongsTo: nulls the key of the owner's rows, up to the WHERE; binds updated_at first; {@link #keyIn} follows. */
    final String setNullHead;

    RelationStatements(ModelDescriptor owner, RelationDescriptor relation, SqlDialect dialect) {
        this.relation = relation;
        this.owner = owner;
        ModelDescriptor target = relation.target();
        this.selected = target.getReadableFields();
        String id = dialect.quote("id");
        String fk = dialect.quote(relation.foreignKey().name());
        String targetTable = dialect.quote(target.getTable());
        String targetLive = and(ModelStatements.live(target, dialect, ""));
        if (relation.kind() == RelationKind.MANY_TO_MANY) {
            String junctionLive = and(ModelStatements.live(relation.through(), dialect, ""));
            this.filterJunctionOpen = id + " IN (SELECT " + fk + " FROM " + dialect.quote(relation.through().getTable())
                + " WHERE " + junctionLive;
            this.filterOpen = dialect.quote(relation.targetKey().name()) + " IN (SELECT " + id + " FROM "
                + targetTable + " WHERE " + targetLive;
            this.filterClose = "))";
            String columns = selected.stream().map(f -> "t." + dialect.quote(f.name()))
                .collect(Collectors.joining(", "));
            this.includeHead = "SELECT " + columns + ", j." + fk + " FROM " + targetTable + " t JOIN "
                + dialect.quote(relation.through().getTable()) + " j ON j." + dialect.quote(relation.targetKey().name())
                + " = t." + id + " WHERE " + and(ModelStatements.live(target, dialect, "t."))
                + and(ModelStatements.live(relation.through(), dialect, "j."));
            this.includeKeyIn = "j." + fk + " IN (";
            this.includeOrder = ") ORDER BY t." + dialect.quote("created_at") + " ASC, t." + id + " ASC";
            this.windowHead = window(dialect, "t.", "j." + fk, " FROM " + targetTable + " t JOIN "
                + dialect.quote(relation.through().getTable()) + " j ON j." + dialect.quote(relation.targetKey().name())
                + " = t." + id + " WHERE " + and(ModelStatements.live(target, dialect, "t."))
                + and(ModelStatements.live(relation.through(), dialect, "j.")));
        } else {
            String columns = selected.stream().map(f -> dialect.quote(f.name())).collect(Collectors.joining(", "));
            boolean belongsTo = relation.kind() == RelationKind.BELONGS_TO;
            this.filterJunctionOpen = null;
            this.filterOpen = (belongsTo ? fk : id) + " IN (SELECT " + (belongsTo ? id : fk) + " FROM " + targetTable
                + " WHERE " + targetLive;
            this.filterClose = ")";
            this.includeHead = "SELECT " + columns + (belongsTo ? "" : ", " + fk) + " FROM " + targetTable + " WHERE "
                + targetLive;
            this.includeKeyIn = (belongsTo ? id : fk) + " IN (";
            this.includeOrder = ")" + (belongsTo ? "" : " ORDER BY " + dialect.quote("created_at") + " ASC, " + id + " ASC");
            this.windowHead = belongsTo ? null
                : window(dialect, "", fk, " FROM " + targetTable + " WHERE " + targetLive);
        }
        this.windowTail = windowHead == null ? null : ")) w WHERE w.fx_rank <= ? ORDER BY w.fx_owner, w.fx_rank";
        this.includeSelect = includeHead + includeKeyIn;
        String ownerTable = dialect.quote(owner.getTable());
        this.keyLookup = "SELECT " + id + ", " + fk + " FROM " + ownerTable + " WHERE " + id + " IN (";
        this.parentExists = "SELECT 1 FROM " + targetTable + " WHERE " + targetLive + id + " = ?";
        this.liveChildrenHead = "SELECT " + id + " FROM " + ownerTable + " WHERE "
            + and(ModelStatements.live(owner, dialect, ""));
        this.keyIn = fk + " IN (";
        this.setNullHead = "UPDATE " + ownerTable + " SET " + fk + " = NULL, " + dialect.quote("updated_at") + " = ? WHERE ";
    }

    /**
     * The nested-filter term: a subquery on the target (through the junction for ManyToMany) that
     * holds the caller's scope of each table it reads.
     *
     * @param scopes     the call's scopes
     * @param parameters receives the scope values, in SQL order
     * @param condition  the condition on the target; its own values follow the scope values
     * @return the term
     */
    String nestedFilter(CallScopes scopes, java.util.List<Object> parameters, String condition) {
        String junction = filterJunctionOpen == null ? ""
            : filterJunctionOpen + scopes.leading(relation.through(), "", parameters);
        return junction + filterOpen + scopes.leading(relation.target(), "", parameters) + condition + filterClose;
    }

    /**
     * @param qualifier the target's alias with its dot, or empty
     * @param ownerKey  the (qualified) column holding the owner's id
     * @param fromWhere {@code FROM ... WHERE} with the live conditions and a trailing AND
     * @return the outer select over the numbered rows, up to the inner key condition
     */
    private String window(SqlDialect dialect, String qualifier, String ownerKey, String fromWhere) {
        String outer = selected.stream().map(f -> "w." + dialect.quote(f.name())).collect(Collectors.joining(", "));
        String inner = selected.stream().map(f -> qualifier + dialect.quote(f.name())).collect(Collectors.joining(", "));
        return "SELECT " + outer + ", w.fx_owner FROM (SELECT " + inner + ", " + ownerKey + " AS fx_owner, "
            + "ROW_NUMBER() OVER (PARTITION BY " + ownerKey + " ORDER BY " + qualifier + dialect.quote("created_at")
            + " ASC, " + qualifier + dialect.quote("id") + " ASC) AS fx_rank" + fromWhere;
    }

    private static String and(String condition) {
        return condition == null ? "" : condition + " AND ";
    }
}
