package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.Internal;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Upgrades the schemas of a 3.0 document to 3.1: {@code nullable: true} becomes a {@code "null"} member
 * of the type array (3.1 serialisation drops {@code nullable}), and every schema is marked 3.1.
 */
@Internal
final class Spec31Upgrade {

    private Spec31Upgrade() {
    }

    /**
     * @param document a document read as 3.0
     * @return the same document, upgraded in place
     */
    static OpenAPI upgrade(OpenAPI document) {
        Set<Schema<?>> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        document.specVersion(SpecVersion.V31).openapi("3.1.0");
        if (document.getComponents() != null) {
            all(document.getComponents().getSchemas(), seen);
            if (document.getComponents().getParameters() != null) {
                document.getComponents().getParameters().values().forEach(p -> parameter(p, seen));
            }
            if (document.getComponents().getResponses() != null) {
                document.getComponents().getResponses().values().forEach(r -> response(r, seen));
            }
        }
        if (document.getPaths() != null) {
            for (PathItem item : document.getPaths().values()) {
                if (item.getParameters() != null) {
                    item.getParameters().forEach(p -> parameter(p, seen));
                }
                for (Operation operation : item.readOperations()) {
                    operation(operation, seen);
                }
            }
        }
        return document;
    }

    private static void operation(Operation operation, Set<Schema<?>> seen) {
        if (operation.getParameters() != null) {
            operation.getParameters().forEach(p -> parameter(p, seen));
        }
        if (operation.getRequestBody() != null) {
            content(operation.getRequestBody().getContent(), seen);
        }
        if (operation.getResponses() != null) {
            operation.getResponses().values().forEach(r -> response(r, seen));
        }
    }

    private static void parameter(Parameter parameter, Set<Schema<?>> seen) {
        schema(parameter.getSchema(), seen);
        content(parameter.getContent(), seen);
    }

    private static void response(ApiResponse response, Set<Schema<?>> seen) {
        content(response.getContent(), seen);
    }

    private static void content(Content content, Set<Schema<?>> seen) {
        if (content != null) {
            content.values().forEach(media -> schema(media.getSchema(), seen));
        }
    }

    private static void all(Map<String, Schema> schemas, Set<Schema<?>> seen) {
        if (schemas != null) {
            schemas.values().forEach(s -> schema(s, seen));
        }
    }

    private static void all(Collection<Schema> schemas, Set<Schema<?>> seen) {
        if (schemas != null) {
            schemas.forEach(s -> schema(s, seen));
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void schema(Schema schema, Set<Schema<?>> seen) {
        if (schema == null || !seen.add(schema)) {
            return;
        }
        schema.setSpecVersion(SpecVersion.V31);
        Set<String> types = schema.getTypes() != null ? new LinkedHashSet<>(schema.getTypes()) : new LinkedHashSet<>();
        if (types.isEmpty() && schema.getType() != null) {
            types.add(schema.getType());
        }
        if (Boolean.TRUE.equals(schema.getNullable()) && !types.isEmpty()) {
            types.add(Schemas.NULL);
        }
        schema.setNullable(null);
        if (!types.isEmpty()) {
            schema.setTypes(types);
        }
        all((Map<String, Schema>) schema.getProperties(), seen);
        schema(schema.getItems(), seen);
        schema(schema.getNot(), seen);
        all((Collection<Schema>) schema.getAllOf(), seen);
        all((Collection<Schema>) schema.getAnyOf(), seen);
        all((Collection<Schema>) schema.getOneOf(), seen);
        if (schema.getAdditionalProperties() instanceof Schema additional) {
            schema(additional, seen);
        }
    }
}
