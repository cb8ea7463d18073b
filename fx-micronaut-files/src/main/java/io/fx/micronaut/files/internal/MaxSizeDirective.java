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

import java.util.Locale;

/** {@code max_size:N}: a file field's cap in bytes; {@code KB}, {@code MB} and {@code GB} are powers of 1024. */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class MaxSizeDirective implements FieldDirective {

    @Override
    @NonNull
    public String name() {
        return "max_size";
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
        Long bytes = bytes(value);
        if (bytes == null || bytes <= 0) {
            throw site.fail("max_size '" + value + "' is not a positive size (bytes, or a number with KB, MB or GB)");
        }
        return bytes;
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        FileField file = FileDirective.required(field, site, name());
        field.attribute(FileField.KEY, new FileField(file.name(), (Long) value, file.accept(), file.autoDelete()));
    }

    /** @return the size in bytes, or null when the text is not one */
    static Long bytes(String text) {
        String upper = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        for (String[] suffix : new String[][] {{"KB", "1024"}, {"MB", "1048576"}, {"GB", "1073741824"}}) {
            if (upper.endsWith(suffix[0])) {
                unit = Long.parseLong(suffix[1]);
                upper = upper.substring(0, upper.length() - 2).trim();
                break;
            }
        }
        try {
            return Math.multiplyExact(Long.parseLong(upper), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            return null;
        }
    }
}
