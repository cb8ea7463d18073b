package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Set;

/**
 * {@code file}: a {@code String} field holding a storage key, indexed (the reference check and the cleanup look it
 * up). It cannot be encrypted, a JSON column, filterable, sortable or unique.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FileDirective implements FieldDirective {

    static final String NAME = "file";

    @Override
    @NonNull
    public String name() {
        return NAME;
    }

    @Override
    public int getOrder() {
        return 100;
    }

    @Override
    @NonNull
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING);
    }

    @Override
    @NonNull
    public Set<String> conflictsWith() {
        return Set.of("encrypted", "json_array", "json_object", "filterable", "sortable", "unique");
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        if (site.javaType() != String.class) {
            throw site.fail("directive 'file' needs a String property, not " + site.javaType().getSimpleName());
        }
        field.indexed(true).attribute(FileField.KEY, new FileField(field.name(), -1, List.of(), true));
    }

    /**
     * @param field a field being described
     * @param site  the field
     * @param name  the directive that needs {@code file}
     * @return the field's file settings so far
     */
    static FileField required(FieldDescriptor.Builder field, DirectiveSite site, String name) {
        return field.attributes().get(FileField.KEY)
            .orElseThrow(() -> site.fail("directive '" + name + "' needs 'file' on the same field"));
    }
}
