package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * A secondary index of a model's table.
 *
 * @param name    the index name
 * @param columns the column names, in order
 * @param unique  whether the index is unique
 * @since 0.1.0
 */
public record IndexDescriptor(@NonNull String name, @NonNull List<String> columns, boolean unique) {
}
