package io.fx.micronaut.history.internal;

import io.fx.micronaut.history.History;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Registers a history model for each versioned model, after every other registrar (so it sees their models too):
 * synthetic, read-only and headless (migrated, readable through the accessors, no routes), with exactly the
 * columns of {@link History#COLUMNS} after {@code id} ({@code snapshot} only when snapshots are kept) and the
 * unique index {@code uidx_<table>_record_version} on {@code (record_id, version DESC)}. A table clash with
 * another model fails startup, as any clash does.
 */
@Singleton
@Requires(property = History.ENABLED, notEquals = "false")
final class HistoryModelRegistrar implements ModelRegistrar, Ordered {

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE;
    }

    @Override
    public void register(@NonNull ModelRegistration registration) {
        List<ModelDescriptor> versioned = registration.models().stream()
            .filter(model -> model.getVersioning().isPresent() && !model.isSynthetic()).toList();
        for (ModelDescriptor model : versioned) {
            registration.register(historyModel(model));
        }
    }

    static ModelDescriptor historyModel(ModelDescriptor model) {
        String table = History.table(model);
        List<FieldDescriptor> fields = new ArrayList<>();
        fields.add(text(History.RECORD_ID, false).filterable(true).build());
        fields.add(FieldDescriptor.builder(History.VERSION, FieldType.INTEGER, Integer.class).nullable(false)
            .filterable(true).sortable(true).build());
        fields.add(text(History.OPERATION, false).filterable(true).build());
        fields.add(text(History.ACTOR_ID, true).filterable(true).build());
        fields.add(FieldDescriptor.builder(History.TIMESTAMP, FieldType.TIMESTAMP, Instant.class).nullable(false)
            .filterable(true).sortable(true).build());
        fields.add(text(History.REQUEST_ID, false).filterable(true).build());
        // JSON text, as the spec's columns are: the history sub-resource answers them parsed
        fields.add(text(History.DIFF, false).build());
        if (!model.getVersioning().orElseThrow().diffOnly()) {
            fields.add(text(History.SNAPSHOT, false).build());
        }
        return ModelDescriptor.synthetic(History.modelName(model), table).readOnly(true).headless(true).fields(fields)
            .indices(List.of(new IndexDescriptor("uidx_" + table + "_record_version",
                List.of(History.RECORD_ID, History.VERSION + " DESC"), true)))
            .build();
    }

    private static FieldDescriptor.Builder text(String name, boolean nullable) {
        return FieldDescriptor.builder(name, FieldType.STRING, String.class).nullable(nullable);
    }
}
