package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/** {@code auto_delete:false}: the field's files are kept when it is replaced or cleared, or its record deleted. */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class AutoDeleteDirective implements FieldDirective {

    @Override
    @NonNull
    public String name() {
        return "auto_delete";
    }

    @Override
    public boolean takesValue() {
        return true;
    }

    @Override
    public int getOrder() {
        return 110;
    }

    @Override
    @NonNull
    public Object parse(@NonNull String value, @NonNull DirectiveSite site) {
        if (!value.equals("false") && !value.equals("true")) {
            throw site.fail("auto_delete is 'true' or 'false', not '" + value + "'");
        }
        return Boolean.valueOf(value);
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        FileField file = FileDirective.required(field, site, name());
        field.attribute(FileField.KEY, new FileField(file.name(), file.maxSize(), file.accept(), (Boolean) value));
    }
}
