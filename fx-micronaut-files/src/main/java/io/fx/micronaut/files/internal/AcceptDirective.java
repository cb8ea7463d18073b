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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** {@code accept:p1|p2}: the types a file field takes, {@code type/subtype} or {@code type/*}. */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class AcceptDirective implements FieldDirective {

    private static final Pattern TYPE = Pattern.compile("[a-z0-9][a-z0-9!#$&^_.+-]*/([a-z0-9][a-z0-9!#$&^_.+-]*|\\*)");

    @Override
    @NonNull
    public String name() {
        return "accept";
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
        List<String> patterns = new ArrayList<>();
        for (String pattern : value.split("\\|")) {
            String normal = pattern.trim().toLowerCase(Locale.ROOT);
            if (!TYPE.matcher(normal).matches()) {
                throw site.fail("accept '" + pattern.trim() + "' is not a media type pattern (type/subtype or type/*)");
            }
            patterns.add(normal);
        }
        return List.copyOf(patterns);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        FileField file = FileDirective.required(field, site, name());
        field.attribute(FileField.KEY, new FileField(file.name(), file.maxSize(), (List<String>) value,
            file.autoDelete()));
    }
}
