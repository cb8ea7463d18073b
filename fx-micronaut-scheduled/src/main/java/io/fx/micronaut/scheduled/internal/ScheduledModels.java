package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.scheduled.Schedule;
import io.fx.micronaut.scheduled.ScheduledAction;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every model's scheduled fields, checked against the model once all its fields are known: the field a set-field
 * names must be a scalar (string, number, boolean) data field, its {@code from} and {@code to} castable to it and
 * inside its {@code enum}; {@code soft-delete} needs a soft-deleting model. Each failure names the model and the
 * field, {@code fx.strict} or not. Two schedules setting one field, the later without a guard, are a warning: they
 * can undo each other.
 */
@Internal
@Singleton
final class ScheduledModels {

    private static final Logger LOG = LoggerFactory.getLogger(ScheduledModels.class);
    private static final Set<FieldType> SCALARS =
        Set.of(FieldType.STRING, FieldType.INTEGER, FieldType.DECIMAL, FieldType.BOOLEAN);

    private final Map<String, List<Schedule>> byModel;
    private final Map<String, ModelDescriptor> models;

    ScheduledModels(ModelRegistry registry) {
        Map<String, List<Schedule>> schedules = new LinkedHashMap<>();
        Map<String, ModelDescriptor> descriptors = new HashMap<>();
        for (ModelDescriptor model : registry.getModels()) {
            List<Schedule> list = new ArrayList<>();
            for (FieldDescriptor field : model.getFields()) {
                field.attribute(ScheduleOptions.ATTRIBUTE).ifPresent(options -> list.add(compile(model, field, options)));
            }
            if (!list.isEmpty()) {
                warnOverlaps(model, list);
                schedules.put(model.getName(), List.copyOf(list));
                descriptors.put(model.getName(), model);
            }
        }
        this.byModel = schedules;
        this.models = descriptors;
    }

    /** @return the models with scheduled fields, in registration order, each with its schedules in field order */
    Map<String, List<Schedule>> schedules() {
        return byModel;
    }

    ModelDescriptor model(String name) {
        return models.get(name);
    }

    boolean isEmpty() {
        return byModel.isEmpty();
    }

    private static Schedule compile(ModelDescriptor model, FieldDescriptor timestamp, ScheduleOptions options) {
        String where = "Model " + model.getName() + ", field " + timestamp.name() + ": ";
        if (options.action() == ScheduledAction.SOFT_DELETE && model.getSoftDeleteField().isEmpty()) {
            throw new FxConfigurationException(where + "'scheduled;soft-delete' needs a model that soft-deletes "
                + "(extend the soft-delete base model); use scheduled;hard-delete to remove rows");
        }
        if (options.action() != ScheduledAction.SET_FIELD) {
            return new Schedule(model.getName(), timestamp.name(), options.action(), null, null, null);
        }
        FieldDescriptor target = model.findField(options.field())
            .or(() -> model.getFields().stream().filter(f -> options.field().equals(f.property())).findFirst())
            .orElseThrow(() -> new FxConfigurationException(where + "'scheduled;field=" + options.field()
                + "' names no field of the model"));
        if (target.role() != FieldRole.DATA || !SCALARS.contains(target.type())) {
            throw new FxConfigurationException(where + "'scheduled;field=" + options.field()
                + "' must name a string, number or boolean data field");
        }
        Object from = options.from() == null ? null : cast(where, target, "from", options.from());
        Object to = cast(where, target, "to", options.to());
        return new Schedule(model.getName(), timestamp.name(), ScheduledAction.SET_FIELD, target.name(), from, to);
    }

    private static Object cast(String where, FieldDescriptor target, String option, String text) {
        Object value;
        try {
            value = target.type().parse(text);
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(where + "'scheduled' option " + option + ": " + e.getMessage()
                + " for field " + target.name());
        }
        List<String> allowed = target.constraints().enumValues();
        if (!allowed.isEmpty() && !allowed.contains(text)) {
            throw new FxConfigurationException(where + "'scheduled' option " + option + ": '" + text
                + "' is not one of " + allowed + " of field " + target.name());
        }
        return value;
    }

    private static void warnOverlaps(ModelDescriptor model, List<Schedule> schedules) {
        Map<String, Schedule> earlier = new HashMap<>();
        for (Schedule schedule : schedules) {
            if (schedule.field() == null) {
                continue;
            }
            Schedule first = earlier.putIfAbsent(schedule.field(), schedule);
            if (first != null && !schedule.isGuarded()) {
                LOG.warn("Model {}: scheduled fields {} and {} both set {}, the later without from=: it can undo "
                    + "the earlier's transition; guard it with from=", model.getName(), first.timestamp(),
                    schedule.timestamp(), schedule.field());
            }
        }
    }
}
