package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;

/**
 * Marks encrypted fields {@code x-fx-encrypted: true} in the record, create and update schemas of their model, and
 * strips any example or default from them (a value never appears in the document). The filter and sort vocabularies
 * leave them out already: their codec says they are neither filterable nor sortable.
 */
@Singleton
@Requires(classes = OpenAPI.class)
final class EncryptionOpenApi implements OpenApiCustomizer {

    static final String EXTENSION = "x-fx-encrypted";

    private final ModelRegistry registry;

    EncryptionOpenApi(ModelRegistry registry) {
        this.registry = registry;
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE - 200;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public void customize(@NonNull OpenAPI document) {
        if (document.getComponents() == null || document.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> schemas = document.getComponents().getSchemas();
        for (EncryptedFields.Site site : EncryptedFields.all(registry)) {
            String model = site.model().getName();
            for (String name : List.of(model, model + "Create", model + "Update")) {
                Schema schema = schemas.get(name);
                Schema property = schema == null || schema.getProperties() == null ? null
                    : (Schema) schema.getProperties().get(site.field().name());
                if (property != null) {
                    property.addExtension(EXTENSION, Boolean.TRUE);
                    if (property.getExample() != null) {
                        property.setExample(null);
                        property.setExampleSetFlag(false);
                    }
                    if (property.getDefault() != null) {
                        property.setDefault(null);
                    }
                }
            }
        }
    }
}
