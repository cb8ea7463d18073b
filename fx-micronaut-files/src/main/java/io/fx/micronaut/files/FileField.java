package io.fx.micronaut.files;

import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A field tagged {@code file}: its {@code max_size} (bytes, -1 for none), its {@code accept} patterns
 * ({@code image/*}, {@code application/pdf}; empty for any type) and whether its stored files are deleted when the
 * field is replaced or cleared, or its record hard-deleted ({@code auto_delete:false} keeps them).
 *
 * @param name       the field name
 * @param maxSize    the most bytes a file may hold, -1 for no cap of its own
 * @param accept     the accepted type patterns, lower case; empty for any
 * @param autoDelete whether replaced, cleared and hard-deleted files are deleted
 * @since 0.9.0
 */
public record FileField(@NonNull String name, long maxSize, @NonNull List<String> accept, boolean autoDelete) {

    /** Where the descriptor of a {@code file} field keeps it. */
    public static final AttributeKey<FileField> KEY = AttributeKey.of("fx.files.field", FileField.class);

    /** Defensive copy. */
    public FileField {
        accept = List.copyOf(accept);
    }

    /**
     * @param field a field
     * @return its file settings, empty unless it is tagged {@code file}
     */
    @NonNull
    public static Optional<FileField> of(@NonNull FieldDescriptor field) {
        return field.attribute(KEY);
    }

    /**
     * @param model a model
     * @return its file fields, in declaration order
     */
    @NonNull
    public static List<FileField> of(@NonNull ModelDescriptor model) {
        return model.getFields().stream().map(FileField::of).flatMap(Optional::stream).toList();
    }

    /**
     * @param type a detected type, such as {@code image/png}
     * @return whether {@link #accept()} admits it ({@code type/*} admits every subtype)
     */
    public boolean accepts(@NonNull String type) {
        if (accept.isEmpty()) {
            return true;
        }
        String bare = type.toLowerCase(Locale.ROOT);
        int semicolon = bare.indexOf(';');
        if (semicolon >= 0) {
            bare = bare.substring(0, semicolon).trim();
        }
        for (String pattern : accept) {
            if (pattern.equals(bare) || pattern.equals("*/*")
                || (pattern.endsWith("/*") && bare.startsWith(pattern.substring(0, pattern.length() - 1)))) {
                return true;
            }
        }
        return false;
    }

    /** @param size a file's size @return whether it is within {@link #maxSize()} */
    public boolean fits(long size) {
        return maxSize < 0 || size <= maxSize;
    }
}
