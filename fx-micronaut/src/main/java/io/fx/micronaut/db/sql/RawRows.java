package io.fx.micronaut.db.sql;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the rows of a raw query: lower-case column labels as keys, timestamps as
 * {@link java.time.Instant}, other values as the driver returns them.
 */
final class RawRows {

    private RawRows() {
    }

    static List<Map<String, Object>> read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int columns = meta.getColumnCount();
        String[] labels = new String[columns];
        for (int i = 0; i < columns; i++) {
            labels[i] = meta.getColumnLabel(i + 1).toLowerCase(Locale.ROOT);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        while (rs.next()) {
            Map<String, Object> row = new LinkedHashMap<>(columns * 2);
            for (int i = 0; i < columns; i++) {
                row.put(labels[i], value(rs.getObject(i + 1)));
            }
            rows.add(row);
        }
        return rows;
    }

    private static Object value(Object raw) {
        if (raw instanceof Timestamp timestamp) {
            return timestamp.toInstant();
        }
        if (raw instanceof OffsetDateTime offset) {
            return offset.toInstant();
        }
        return raw;
    }
}
