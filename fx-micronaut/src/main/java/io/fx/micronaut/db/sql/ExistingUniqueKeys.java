package io.fx.micronaut.db.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The unique keys a table has, read once for auto-migration: its unique constraints and its unique indexes,
 * each with its columns in order (lower case, without the dialect's helper columns) and whether it holds
 * among live rows only. A constraint is found before an index of the same name (PostgreSQL backs a
 * constraint by an index named like it).
 */
final class ExistingUniqueKeys {

    /** What kind of object holds a unique key, as the log names it. */
    enum Kind {
        CONSTRAINT("unique constraint"), INDEX("unique index");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * An existing unique key.
     *
     * @param kind    constraint or index
     * @param columns its columns in order, lower case, helper columns left out
     * @param live    whether it holds among live rows only
     */
    record Key(Kind kind, List<String> columns, boolean live) {
    }

    private final Map<String, Key> keys;

    private ExistingUniqueKeys(Map<String, Key> keys) {
        this.keys = keys;
    }

    /**
     * @param connection the migration's connection
     * @param table      a table of the connection's schema
     * @param dialect    tells live-only indexes and helper columns
     * @return the table's unique keys
     */
    static ExistingUniqueKeys read(Connection connection, String table, SqlDialect dialect) throws SQLException {
        Map<String, Key> keys = new HashMap<>();
        indexes(connection, table, dialect, keys);
        constraints(connection, table, keys);
        return new ExistingUniqueKeys(keys);
    }

    /**
     * @param name a constraint or index name
     * @return the key of that name, if the table has one
     */
    Optional<Key> find(String name) {
        return Optional.ofNullable(keys.get(name.toLowerCase(Locale.ROOT)));
    }

    /**
     * Unique constraints (not bare indexes); they replace an index of the same name. A constraint backed by an
     * index of its name (PostgreSQL) takes that index's columns, so the catalog is asked only for its names;
     * the others' columns (H2 names the backing index apart) come from {@code key_column_usage}.
     */
    private static void constraints(Connection connection, String table, Map<String, Key> keys) throws SQLException {
        List<String> unindexed = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT constraint_name FROM information_schema"
            + ".table_constraints WHERE table_schema = ? AND table_name = ? AND constraint_type = 'UNIQUE'")) {
            ps.setString(1, connection.getSchema());
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1).toLowerCase(Locale.ROOT);
                    Key index = keys.get(name);
                    if (index != null) {
                        keys.put(name, new Key(Kind.CONSTRAINT, index.columns(), false));
                    } else {
                        unindexed.add(name);
                    }
                }
            }
        }
        if (!unindexed.isEmpty()) {
            constraintColumns(connection, table, unindexed).forEach((name, columns) ->
                keys.put(name, new Key(Kind.CONSTRAINT, List.copyOf(columns), false)));
        }
    }

    private static Map<String, List<String>> constraintColumns(Connection connection, String table, List<String> names)
        throws SQLException {
        Map<String, List<String>> columns = new HashMap<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT constraint_name, column_name FROM"
            + " information_schema.key_column_usage WHERE table_schema = ? AND table_name = ?"
            + " ORDER BY constraint_name, ordinal_position")) {
            ps.setString(1, connection.getSchema());
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1).toLowerCase(Locale.ROOT);
                    if (names.contains(name)) {
                        columns.computeIfAbsent(name, n -> new ArrayList<>()).add(rs.getString(2).toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return columns;
    }

    private static void indexes(Connection connection, String table, SqlDialect dialect, Map<String, Key> keys)
        throws SQLException {
        Map<String, List<String>> columns = new HashMap<>();
        Map<String, String> filters = new HashMap<>();
        try (ResultSet rs = connection.getMetaData()
            .getIndexInfo(connection.getCatalog(), connection.getSchema(), table, true, false)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME");
                String column = rs.getString("COLUMN_NAME");
                if (name == null || column == null) {
                    continue;
                }
                String key = name.toLowerCase(Locale.ROOT);
                columns.computeIfAbsent(key, n -> new ArrayList<>()).add(column.toLowerCase(Locale.ROOT));
                String filter = rs.getString("FILTER_CONDITION");
                if (filter != null) {
                    filters.put(key, filter);
                }
            }
        }
        columns.forEach((name, cols) -> keys.put(name, new Key(Kind.INDEX,
            cols.stream().filter(c -> !dialect.helperColumns().contains(c)).toList(),
            dialect.isLiveUniqueIndex(cols, filters.get(name)))));
    }
}
