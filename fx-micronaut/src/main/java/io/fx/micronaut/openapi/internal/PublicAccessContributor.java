package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.PublicAccess;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;
import io.swagger.v3.oas.models.PathItem;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Generated operations that a {@link PublicAccess} bean declares public require no security in the
 * document ({@code security: []}), whatever {@code fx.openapi.security} requires of the others.
 */
@Singleton
@RequiresOpenApi
final class PublicAccessContributor implements OpenApiContributor {

    private final List<PublicAccess> declarations;

    PublicAccessContributor(List<PublicAccess> declarations) {
        this.declarations = List.copyOf(declarations);
    }

    @Override
    public int getOrder() {
        return PUBLIC_ACCESS;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        if (declarations.isEmpty()) {
            return;
        }
        for (ModelDescriptor model : context.getRegistry().getModels()) {
            if (model.isHeadless()) {
                continue;
            }
            String collection = context.path("/" + model.getTable());
            open(model, context.getPaths().get(collection), false);
            open(model, context.getPaths().get(collection + "/{id}"), true);
        }
    }

    private void open(ModelDescriptor model, PathItem item, boolean record) {
        if (item == null) {
            return;
        }
        for (Map.Entry<PathItem.HttpMethod, io.swagger.v3.oas.models.Operation> entry
            : item.readOperationsMap().entrySet()) {
            Operation operation = Operation.of(HttpMethod.valueOf(entry.getKey().name()), record);
            if (operation != null && declarations.stream().anyMatch(d -> d.covers(model.getName(), operation))) {
                entry.getValue().setSecurity(new ArrayList<>());
            }
        }
    }
}
