package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Per model: the record as responses carry it (every readable field, always present, null where the
 * field is nullable), the create and update bodies (only the fields a client may set in that
 * operation, with the validator's rules), the {@code data} and list envelopes, and the query-string
 * vocabularies ({@code filter} clauses, {@code sort} and {@code include} keys).
 */
@Singleton
@RequiresOpenApi
final class ModelSchemaContributor implements OpenApiContributor {

    /** The extension on a relation key column of a request body naming the related model's schema. */
    static final String RELATION_EXTENSION = "x-fx-references";

    private static final String IGNORED = " Other members are ignored: readonly, hidden and unknown fields";

    private final FieldCodecs codecs;

    /** @param codecs the field codecs, which may forbid filtering or sorting a field */
    ModelSchemaContributor(FieldCodecs codecs) {
        this.codecs = codecs;
    }

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
            components.addSchemas(OpenApiNames.filterClause(model), QueryVocabulary.filterClause(model, codecs::isFilterable));
            components.addSchemas(OpenApiNames.sortKey(model), QueryVocabulary.sortKey(model, codecs::isSortable));
            components.addSchemas(OpenApiNames.includeKey(model), QueryVocabulary.includeKey(model));
        }
    }

    private static Schema<Object> record(ModelDescriptor model) {
        Map<String, Schema> properties = new LinkedHashMap<>();
        for (FieldDescriptor field : model.getReadableFields()) {
            properties.put(field.name(), FieldSchemas.response(field));
        }
        List<String> required = new ArrayList<>(properties.keySet());
        for (RelationDescriptor relation : model.getRelations()) {
            properties.putIfAbsent(relation.name(), included(relation));
        }
        Schema<Object> schema = Schemas.object(properties, required);
        schema.setDescription(model.getName() + " as every response carries it: all readable fields, nulls included"
            + (model.getRelations().isEmpty() ? "" : "; a relation's property only when include names it"));
        return schema;
    }

    /** The related records a response carries under the relation key when {@code include} names it. */
    private static Schema<Object> included(RelationDescriptor relation) {
        String target = OpenApiNames.record(relation.target());
        Schema<Object> schema = relation.isSingle()
            ? oneOf(Schemas.ref(target), Schemas.typed(Schemas.NULL))
            : Schemas.array(Schemas.ref(target));
        schema.setDescription("Present only with include=" + relation.name() + ": " + (relation.isSingle()
            ? "the related " + relation.target().getName() + ", or null when the key is null or names no live record"
            : "the related " + relation.target().getName() + " records"));
        return schema;
    }

    private static Schema<Object> oneOf(Schema<Object> first, Schema<Object> second) {
        Schema<Object> schema = new io.swagger.v3.oas.models.media.JsonSchema();
        schema.addOneOfItem(first);
        schema.addOneOfItem(second);
        return schema;
    }

    /** The BelongsTo relation a field is the key of, if any. */
    private static Optional<RelationDescriptor> parent(ModelDescriptor model, FieldDescriptor field) {
        return model.getRelations().stream()
            .filter(r -> r.kind() == RelationKind.BELONGS_TO && r.foreignKey().name().equals(field.name()))
            .findFirst();
    }

    private static void references(Schema<Object> property, RelationDescriptor relation) {
        String note = "The id of the related " + relation.target().getName() + " (relation " + relation.name()
            + "); one that names no live record answers 409 CONFLICT";
        property.setDescription(property.getDescription() == null ? note : note + "; " + property.getDescription());
        property.addExtension(RELATION_EXTENSION, OpenApiNames.record(relation.target()));
    }

    private static Schema<Object> body(ModelDescriptor model, boolean create) {
        Map<String, Schema> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (FieldDescriptor field : model.getFields()) {
            if (!field.isWritable(create)) {
                continue;
            }
            Schema<Object> property = FieldSchemas.request(field, create);
            parent(model, field).ifPresent(relation -> references(property, relation));
            properties.put(field.name(), property);
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
