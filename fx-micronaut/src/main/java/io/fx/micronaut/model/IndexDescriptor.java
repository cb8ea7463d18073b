package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * A secondary index of a model's table.
 *
 * @param name    the index name
 * @param columns the column names, in order; a name may be followed by {@code DESC} (or {@code ASC}), as in
 *                {@code "version DESC"} (since 0.8.0)
 * @param unique  whether the index is unique
 * @since 0.1.0
 */
public record IndexDescriptor(@NonNull String name, @NonNull List<String> columns, boolean unique) {

    /**
     * @param column an entry of {@link #columns()}
     * @return its column name, without a direction
     * @since 0.8.0
     */
    @NonNull
    public static String columnName(@NonNull String column) {
        String trimmed = column.strip();
        int space = trimmed.indexOf(' ');
        return space < 0 ? trimmed : trimmed.substring(0, space);
    }

    /**
     * @param column an entry of {@link #columns()}
     * @return whether it is descending ({@code "version DESC"})
     * @since 0.8.0
     */
    public static boolean descending(@NonNull String column) {
        String trimmed = column.strip();
        int space = trimmed.indexOf(' ');
        if (space < 0) {
            return false;
        }
        String direction = trimmed.substring(space + 1).strip();
        if (direction.equalsIgnoreCase("DESC")) {
            return true;
        }
        if (direction.equalsIgnoreCase("ASC")) {
            return false;
        }
        throw new IllegalArgumentException("An index column is a name, optionally followed by ASC or DESC, not '"
            + column + "'");
    }
}
