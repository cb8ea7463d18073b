package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.sql.ExistingUniqueKeys.Key;
import io.fx.micronaut.db.sql.ExistingUniqueKeys.Kind;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Gives the unique keys of an existing table the shape the model asks for, where that shape differs from
 * the plain one {@link SchemaMigrator} creates:
 * <ul>
 *   <li>a soft-delete model's keys hold among its live rows only, so a deleted row never keeps a value taken
 *       (nor reveals itself through a 409): the dialect's live-only unique index
 *       ({@link SqlDialect#liveUniqueIndexStatements});</li>
 *   <li>the keys of a model whose scope resolvers partition its rows
 *       ({@link io.fx.micronaut.db.ScopeResolver#uniqueWithin}, e.g. tenancy) hold within each partition:
 *       they are led by the partitioning columns ({@link #columns}), so a value another tenant uses is free
 *       rather than a 409 that tells it exists.</li>
 * </ul>
 * Each key keeps its usual name, which is how a violation still names the field. A key of that name with
 * another shape (a full constraint of an older version, one over the field alone from before tenancy) is
 * dropped and recreated, logged at INFO with the table and the old and the new columns; one already in
 * shape is left as it is, so re-running changes nothing. A key that would lose columns or liveness is
 * never narrowed (that could fail on existing rows): it is kept and logged as drift.
 */
final class UniqueKeyMigrator {

    private static final Logger LOG = LoggerFactory.getLogger(UniqueKeyMigrator.class);

    private final SqlDialect dialect;

    UniqueKeyMigrator(SqlDialect dialect) {
        this.dialect = dialect;
    }

    /**
     * @param model  a model
     * @param within the columns that partition its unique constraints, empty for none
     * @return each unique key of the model's own table by name, with its columns led by {@code within}
     */
    static Map<String, List<String>> uniqueKeys(ModelDescriptor model, List<String> within) {
        return uniqueKeys(model, within, List.of(), FieldDescriptor::unique);
    }

    /**
     * @param companions   the companion columns of the model's field codecs; the unique ones are keys too
     * @param uniqueColumn whether a column carries a unique key of its own (a unique field, except one whose codec
     *                     keeps uniqueness in a companion, {@link io.fx.micronaut.db.FieldCodec#uniqueOnStoredColumn})
     */
    static Map<String, List<String>> uniqueKeys(ModelDescriptor model, List<String> within, List<FieldDescriptor> companions,
                                                Predicate<FieldDescriptor> uniqueColumn) {
        Map<String, List<String>> unique = new LinkedHashMap<>();
        List<FieldDescriptor> stored = new ArrayList<>(model.getFields());
        stored.addAll(companions);
        for (FieldDescriptor field : stored) {
            if (uniqueColumn.test(field)) {
                unique.put(SchemaMigrator.uniqueConstraintName(model, field), columns(within, List.of(field.name())));
            }
        }
        for (IndexDescriptor index : model.getIndices()) {
            if (index.unique()) {
                unique.put(index.name(), columns(within, index.columns()));
            }
        }
        return unique;
    }

    /**
     * @param within  the partitioning columns
     * @param columns a key's own columns
     * @return the partitioning columns the key lacks, then its own
     */
    static List<String> columns(List<String> within, List<String> columns) {
        if (within.isEmpty()) {
            return columns;
        }
        List<String> all = new ArrayList<>(within.stream().filter(c -> !columns.contains(c)).toList());
        all.addAll(columns);
        return List.copyOf(all);
    }

    /**
     * Makes the given unique keys of a model's table hold as they should: among live rows only when the
     * model soft-deletes, over the columns given.
     *
     * @param connection the migration's connection
     * @param model      the model whose table holds the keys
     * @param unique     key names and their columns
     */
    void migrate(Connection connection, ModelDescriptor model, Map<String, List<String>> unique) throws SQLException {
        if (unique.isEmpty()) {
            return;
        }
        String live = ModelStatements.live(model, dialect, "");
        ExistingUniqueKeys existing = ExistingUniqueKeys.read(connection, model.getTable(), dialect);
        for (Map.Entry<String, List<String>> entry : unique.entrySet()) {
            String name = entry.getKey();
            List<String> columns = entry.getValue();
            Key key = existing.find(name).orElse(null);
            if (key != null && key.live() == (live != null) && key.columns().equals(columns)) {
                continue;
            }
            if (key != null && !widens(key, columns, live != null)) {
                LOG.warn("Schema drift: {} {} on table {} covers ({}){} but model {} asks for ({}){}; kept as it is "
                        + "(auto-migration never narrows a unique key)", key.kind(), name, model.getTable(),
                    String.join(", ", key.columns()), key.live() ? " over live rows" : "", model.getName(),
                    String.join(", ", columns), live != null ? " over live rows" : "");
                continue;
            }
            if (key != null) {
                drop(connection, model.getTable(), name, key.kind());
            }
            create(connection, model.getTable(), name, columns, live, key == null ? Kind.INDEX : key.kind());
            if (key != null) {
                LOG.info("Converted {} {} on table {} of {}model {}: ({}) became ({}){}", key.kind(), name,
                    model.getTable(), live != null ? "soft-delete " : "", model.getName(),
                    String.join(", ", key.columns()), String.join(", ", columns), reason(key, columns, live != null));
            }
        }
    }

    /** Whether the wanted shape only adds to the existing key: more leading columns, or liveness. */
    private static boolean widens(Key key, List<String> columns, boolean live) {
        return (live || !key.live()) && columns.size() >= key.columns().size()
            && columns.subList(columns.size() - key.columns().size(), columns.size()).equals(key.columns());
    }

    private static String reason(Key key, List<String> columns, boolean live) {
        List<String> added = columns.subList(0, columns.size() - key.columns().size());
        String partition = added.isEmpty() ? "" : ", unique per " + String.join(", ", added)
            + " as the model's scope partitions its rows";
        String liveness = live && !key.live()
            ? ", a unique index over live rows only, so soft-deleted rows no longer keep its values taken" : "";
        return partition + liveness;
    }

    private void drop(Connection connection, String table, String name, Kind kind) throws SQLException {
        execute(connection, kind == Kind.CONSTRAINT
            ? "ALTER TABLE " + dialect.quote(table) + " DROP CONSTRAINT " + dialect.quote(name)
            : "DROP INDEX " + dialect.quote(name));
    }

    /** Creates a live-only unique index, or a full key of the kind it had (a unique index when new). */
    private void create(Connection connection, String table, String name, List<String> columns, String live, Kind kind)
        throws SQLException {
        if (live != null) {
            for (String sql : dialect.liveUniqueIndexStatements(table, name, columns, live)) {
                execute(connection, sql);
            }
            return;
        }
        String quoted = String.join(", ", columns.stream().map(dialect::quote).toList());
        execute(connection, kind == Kind.CONSTRAINT
            ? "ALTER TABLE " + dialect.quote(table) + " ADD CONSTRAINT " + dialect.quote(name) + " UNIQUE (" + quoted + ")"
            : "CREATE UNIQUE INDEX IF NOT EXISTS " + dialect.quote(name) + " ON " + dialect.quote(table) + " (" + quoted + ")");
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
