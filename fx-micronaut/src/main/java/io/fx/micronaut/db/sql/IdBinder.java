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
 * typed parameter; elsewhere, and for a text id column, as text.
 *
 * <p>Why: a text parameter is untyped under the pools' {@code stringtype=unspecified}, and pgjdbc
 * describes a named statement with untyped parameters. Before every later execution of a described
 * statement whose rows have variable-length columns, it sends a Sync and waits for the server: a
 * second round trip per read by id.
 *
 * <p>Auto-migration tells it every model's id column type ({@link #learn}). A table it has not been
 * told about is looked up once in the database's metadata, on the first id bound for it; a table that
 * does not exist yet is looked up again next time. Callers pass only ids the dialect can store
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
                    learn(table, rs.getString("TYPE_NAME"));
                    return uuidColumns.get(table);
                }
            }
            return false; // not created yet: ask again next time
        }
    }
}
