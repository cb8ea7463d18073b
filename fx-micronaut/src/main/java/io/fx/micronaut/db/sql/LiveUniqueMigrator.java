package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The unique constraints of a soft-delete model hold among its live rows only, so a deleted row
 * never keeps a value taken (nor reveals itself through a 409): each {@code unique} field, unique
 * index and soft-deleting junction's key pair becomes the dialect's live-only unique index
 * ({@link SqlDialect#liveUniqueIndexStatements}) under the constraint's usual name, which is how a
 * violation still names the field. On an existing database a full unique constraint or index of
 * that name is dropped and recreated live-only, logged at INFO; one already live-only is left as it
 * is, so re-running changes nothing.
 */
final class LiveUniqueMigrator {

    private static final Logger LOG = LoggerFactory.getLogger(LiveUniqueMigrator.class);

    private final SqlDialect dialect;

    LiveUniqueMigrator(SqlDialect dialect) {
        this.dialect = dialect;
    }

    /**
     * @param model a model
     * @return each unique constraint of the model's own table by name, with its columns
     */
    static Map<String, List<String>> uniqueConstraints(ModelDescriptor model) {
        Map<String, List<String>> unique = new LinkedHashMap<>();
        for (FieldDescriptor field : model.getFields()) {
            if (field.unique()) {
                unique.put(SchemaMigrator.uniqueConstraintName(model, field), List.of(field.name()));
            }
        }
        for (IndexDescriptor index : model.getIndices()) {
            if (index.unique()) {
                unique.put(index.name(), index.columns());
            }
        }
        return unique;
    }

    /**
     * Makes the given unique constraints of a soft-delete model's table live-only.
     *
     * @param connection the migration's connection
     * @param model      a model that soft-deletes
     * @param unique     constraint names and their columns
     */
    void migrate(Connection connection, ModelDescriptor model, Map<String, List<String>> unique) throws SQLException {
        String live = ModelStatements.live(model, dialect, "");
        if (live == null || unique.isEmpty()) {
            return;
        }
        String table = model.getTable();
        Set<String> constraints = fullUniqueConstraints(connection, table);
        Map<String, IndexShape> indexes = uniqueIndexes(connection, table);
        for (Map.Entry<String, List<String>> entry : unique.entrySet()) {
            String name = entry.getKey();
            String key = name.toLowerCase(Locale.ROOT);
            IndexShape index = indexes.get(key);
            String converted = null;
            if (constraints.contains(key)) {
                execute(connection, "ALTER TABLE " + dialect.quote(table) + " DROP CONSTRAINT " + dialect.quote(name));
                converted = "unique constraint";
            } else if (index != null && !dialect.isLiveUniqueIndex(index.columns, index.filter)) {
                execute(connection, "DROP INDEX " + dialect.quote(name));
                converted = "unique index";
            } else if (index != null) {
                continue;
            }
            for (String sql : dialect.liveUniqueIndexStatements(table, name, entry.getValue(), live)) {
                execute(connection, sql);
            }
            if (converted != null) {
                LOG.info("Converted {} {} on table {} of soft-delete model {} into a unique index over live rows only, "
                    + "so soft-deleted rows no longer keep its values taken", converted, name, table, model.getName());
            }
        }
    }

    /** Unique constraints (not bare indexes) of the table in the connection's schema, lower case. */
    private static Set<String> fullUniqueConstraints(Connection connection, String table) throws SQLException {
        Set<String> names = new HashSet<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT constraint_name FROM information_schema"
            + ".table_constraints WHERE table_schema = ? AND table_name = ? AND constraint_type = 'UNIQUE'")) {
            ps.setString(1, connection.getSchema());
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1).toLowerCase(Locale.ROOT));
                }
            }
        }
        return names;
    }

    private static Map<String, IndexShape> uniqueIndexes(Connection connection, String table) throws SQLException {
        Map<String, IndexShape> indexes = new HashMap<>();
        try (ResultSet rs = connection.getMetaData()
            .getIndexInfo(connection.getCatalog(), connection.getSchema(), table, true, false)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME");
                String column = rs.getString("COLUMN_NAME");
                if (name == null || column == null) {
                    continue;
                }
                String filter = rs.getString("FILTER_CONDITION");
                indexes.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new IndexShape(new ArrayList<>(), filter))
                    .columns.add(column.toLowerCase(Locale.ROOT));
            }
        }
        return indexes;
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** An existing unique index: its columns in order and its filter condition, if partial. */
    private record IndexShape(List<String> columns, String filter) {
    }
}
