package io.fx.micronaut.db.sql;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binds record ids to statement parameters. Where the dialect asks for it (PostgreSQL) and the
 * table's {@code id} column is a native {@code uuid} column, the id is bound as a {@link UUID}, a
 * typed parameter. Bound as text it would be untyped ({@code stringtype=unspecified}), and pgjdbc
 * describes a named statement with untyped parameters; for a described statement whose rows have
 * variable-length columns it then sends a Sync and waits for the server before every execution,
 * a second round trip per read by id. The column's type is read from the database's metadata the
 * first time a table's id is bound, and remembered once the table exists; a text id column keeps
 * text parameters; auto-migration tells it every model's id column type up front (see
 * {@link #learn}), so a migrated service looks nothing up. Callers pass only ids the dialect can store
 * ({@link SqlDialect#canStoreId}).
 */
final class IdBinder {

    private final boolean enabled;
    private final Map<String, Boolean> uuidColumns = new ConcurrentHashMap<>();

    IdBinder(SqlDialect dialect) {
        this.enabled = dialect.bindsUuidIds();
    }

    /**
     * Records the type of a table's id column, as read or created by auto-migration.
     *
     * @param table    the unquoted table name
     * @param typeName the database's name of the column's type
     */
    void learn(String table, String typeName) {
        uuidColumns.put(table, "uuid".equals(typeName.toLowerCase(Locale.ROOT)));
    }

    /**
     * @param connection the connection the statement belongs to
     * @param statement  the statement
     * @param index      the parameter index
     * @param table      the unquoted table name
     * @param id         the id, in a form the dialect can store
     */
    void bind(Connection connection, PreparedStatement statement, int index, String table, String id)
        throws SQLException {
        if (enabled && isUuidColumn(connection, table)) {
            statement.setObject(index, UUID.fromString(id));
        } else {
            statement.setString(index, id);
        }
    }

    private boolean isUuidColumn(Connection connection, String table) throws SQLException {
        Boolean known = uuidColumns.get(table);
        if (known != null) {
            return known;
        }
        DatabaseMetaData meta = connection.getMetaData();
        try (ResultSet rs = meta.getColumns(connection.getCatalog(), connection.getSchema(), table, "id")) {
            while (rs.next()) {
                // the table name is a LIKE pattern, where "_" matches any character
                if (table.equals(rs.getString("TABLE_NAME"))) {
                    boolean uuid = "uuid".equals(rs.getString("TYPE_NAME").toLowerCase(Locale.ROOT));
                    uuidColumns.put(table, uuid);
                    return uuid;
                }
            }
            return false; // not created yet: ask again next time
        }
    }
}
