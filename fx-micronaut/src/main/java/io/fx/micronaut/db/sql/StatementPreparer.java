package io.fx.micronaut.db.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Prepares a statement with the adapter's deadline applied; also renders the {@code IN} lists that
 * batched relation queries append, in chunks small enough for every database's parameter limit.
 */
@FunctionalInterface
interface StatementPreparer {

    /** Largest {@code IN} list one statement binds. */
    int CHUNK = 1000;

    PreparedStatement prepare(Connection connection, String sql) throws SQLException;

    /**
     * @param count the number of values
     * @return {@code ?, ?, ?}
     */
    static String placeholders(int count) {
        return "?, ".repeat(count - 1) + "?";
    }

    /**
     * @param values distinct values
     * @return the values in chunks of at most {@link #CHUNK}
     */
    static <T> List<List<T>> chunks(List<T> values) {
        List<List<T>> chunks = new ArrayList<>();
        for (int i = 0; i < values.size(); i += CHUNK) {
            chunks.add(values.subList(i, Math.min(values.size(), i + CHUNK)));
        }
        return chunks;
    }
}
