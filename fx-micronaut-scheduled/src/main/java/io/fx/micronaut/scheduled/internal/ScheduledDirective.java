package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.scheduled.ScheduledAction;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code scheduled} directive: {@code scheduled;soft-delete}, {@code scheduled;hard-delete},
 * {@code scheduled;field=NAME;to=V} or {@code scheduled;field=NAME;from=OLD;to=NEW}, on a nullable {@code Instant}
 * property. Its form is checked here, fatally whatever {@code fx.strict} says (a misspelt option would leave rows
 * untouched forever); what needs the model's other fields is checked by {@link ScheduledModels}. The column gets an
 * index, since every sweep looks rows up by it.
 */
@Internal
@Singleton
final class ScheduledDirective implements FieldDirective {

    static final String NAME = "scheduled";
    private static final String SOFT_DELETE = "soft-delete";
    private static final String HARD_DELETE = "hard-delete";

    @Override
    @NonNull
    public String name() {
        return NAME;
    }

    @Override
    public boolean takesValue() {
        return true;
    }

    @Override
    @NonNull
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.TIMESTAMP);
    }

    @Override
    @NonNull
    public Set<String> conflictsWith() {
        return Set.of("encrypted");
    }

    @Override
    @NonNull
    public Object parse(@NonNull String value, @NonNull DirectiveSite site) {
        if (site.javaType() != Instant.class) {
            throw site.fail("'scheduled' needs a nullable java.time.Instant property, not " + site.javaType().getName());
        }
        Map<String, String> options = new LinkedHashMap<>();
        int actions = 0;
        ScheduledAction action = null;
        for (String part : value.split(";")) {
            String option = part.trim();
            if (option.isEmpty()) {
                continue;
            }
            if (option.equals(SOFT_DELETE) || option.equals(HARD_DELETE)) {
                actions++;
                action = option.equals(SOFT_DELETE) ? ScheduledAction.SOFT_DELETE : ScheduledAction.HARD_DELETE;
                continue;
            }
            int equals = option.indexOf('=');
            String key = equals < 0 ? option : option.substring(0, equals).trim();
            if (equals < 0 || !(key.equals("field") || key.equals("from") || key.equals("to"))) {
                throw site.fail("'scheduled' has an unknown option '" + option + "'; write soft-delete, hard-delete, "
                    + "or field=NAME;to=VALUE with an optional from=VALUE");
            }
            String text = option.substring(equals + 1).trim();
            if (text.isEmpty()) {
                throw site.fail("'scheduled' option '" + key + "' needs a value");
            }
            if (options.put(key, text) != null) {
                throw site.fail("'scheduled' names '" + key + "' twice");
            }
            if (key.equals("field")) {
                actions++;
                action = ScheduledAction.SET_FIELD;
            }
        }
        if (actions == 0) {
            if (options.containsKey("from") || options.containsKey("to")) {
                throw site.fail("'scheduled' has from/to without field=NAME");
            }
            throw site.fail("'scheduled' needs an action: soft-delete, hard-delete or field=NAME;to=VALUE");
        }
        if (actions > 1) {
            throw site.fail("'scheduled' names several actions; a scheduled field does one thing");
        }
        if (action != ScheduledAction.SET_FIELD && (options.containsKey("from") || options.containsKey("to"))) {
            throw site.fail("'scheduled' has from/to without field=NAME");
        }
        if (action == ScheduledAction.SET_FIELD && !options.containsKey("to")) {
            throw site.fail("'scheduled;field=" + options.get("field") + "' needs to=VALUE");
        }
        return new ScheduleOptions(action, options.get("field"), options.get("from"), options.get("to"));
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        field.attribute(ScheduleOptions.ATTRIBUTE, (ScheduleOptions) value);
        field.indexed(true);
    }
}
