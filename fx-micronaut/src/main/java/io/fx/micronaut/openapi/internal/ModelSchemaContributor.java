package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per model: the record as responses carry it (every readable field, always present, null where the
 * field is nullable), the create and update bodies (only the fields a client may set in that
 * operation, with the validator's rules), the {@code data} and list envelopes, and the query-string
 * vocabularies ({@code filter} clauses, {@code sort} and {@code include} keys).
 */
@Singleton
@RequiresOpenApi
final class ModelSchemaContributor implements OpenApiContributor {

    private static final String IGNORED = " Other members are ignored: readonly, hidden and unknown fields";

    @Override
    public int getOrder() {
        return MODEL_SCHEMAS;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        Components components = context.getComponents();
        for (ModelDescriptor model : context.getRegistry().getModels()) {
            components.addSchemas(OpenApiNames.record(model), record(model));
            components.addSchemas(OpenApiNames.create(model), body(model, true));
            components.addSchemas(OpenApiNames.update(model), body(model, false));
            components.addSchemas(OpenApiNames.data(model), Schemas.object(
                Map.of("data", Schemas.ref(OpenApiNames.record(model))), List.of("data")));
            Map<String, Schema> list = new LinkedHashMap<>();
            list.put("data", Schemas.array(Schemas.ref(OpenApiNames.record(model))));
            list.put("meta", Schemas.ref(OpenApiNames.LIST_META));
            components.addSchemas(OpenApiNames.list(model), Schemas.object(list, List.of("data", "meta")));
            components.addSchemas(OpenApiNames.filterClause(model), QueryVocabulary.filterClause(model));
            components.addSchemas(OpenApiNames.sortKey(model), QueryVocabulary.sortKey(model));
            components.addSchemas(OpenApiNames.includeKey(model), QueryVocabulary.includeKey(model));
        }
    }

    private static Schema<Object> record(ModelDescriptor model) {
        Map<String, Schema> properties = new LinkedHashMap<>();
        for (FieldDescriptor field : model.getReadableFields()) {
            properties.put(field.name(), FieldSchemas.response(field));
        }
        Schema<Object> schema = Schemas.object(properties, new ArrayList<>(properties.keySet()));
        schema.setDescription(model.getName() + " as every response carries it: all readable fields, nulls included");
        return schema;
    }

    private static Schema<Object> body(ModelDescriptor model, boolean create) {
        Map<String, Schema> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (FieldDescriptor field : model.getFields()) {
            if (!field.isWritable(create)) {
                continue;
            }
            properties.put(field.name(), FieldSchemas.request(field, create));
            if (create && FieldSchemas.requiredOnCreate(field)) {
                required.add(field.name());
            }
        }
        Schema<Object> schema = Schemas.object(properties, required);
        schema.setDescription(create
            ? "The body of a create: absent fields take their default (or null)." + IGNORED + "."
            : "The body of an update: only the fields sent change." + IGNORED + ", and immutable fields.");
        return schema;
    }
}
