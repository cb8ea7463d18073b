package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.Set;

/**
 * {@code encrypted}: the field's values are stored as AES-256-GCM envelopes. Only on {@code String} properties;
 * never with a directive that reads the column ({@code filterable}, {@code sortable}, {@code searchable},
 * {@code index}, {@code file}, {@code json_*}, {@code relation}). The field joins the redaction set. A misspelling
 * fails startup, so a typo cannot leave plain text.
 */
@Singleton
final class EncryptedDirective implements FieldDirective {

    static final String NAME = "encrypted";

    @Override
    @NonNull
    public String name() {
        return NAME;
    }

    @Override
    public boolean nearMissFatal() {
        return true;
    }

    @Override
    @NonNull
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING);
    }

    @Override
    @NonNull
    public Set<String> conflictsWith() {
        return Set.of("filterable", "sortable", "searchable", "index", "file", "json_array", "json_object", "relation");
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        if (site.javaType() != String.class) {
            throw site.fail("directive 'encrypted' applies to String properties, not " + site.javaType().getSimpleName());
        }
        field.redacted(true).attribute(EncryptedField.ATTRIBUTE, new EncryptedField(EncryptedField.DEFAULT_KEY_NAME));
    }
}
