package io.fx.micronaut.examples.openapi;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

/**
 * An application controller beside the generated routes. Micronaut OpenAPI describes it at compile
 * time ({@code META-INF/swagger/*.yml}); fx-micronaut merges that description into
 * {@code /api/openapi.json}, so one document covers both.
 *
 * @since 0.1.0
 */
// tag::catalog[]
@Controller("/api/catalog")
public class CatalogController {

    private final ModelRegistry registry;

    CatalogController(ModelRegistry registry) {
        this.registry = registry;
    }

    /**
     * Lists the collections the service serves.
     *
     * @return the collection names
     */
    @Get
    public ModelCatalog catalog() {
        return new ModelCatalog(registry.getModels().stream().map(ModelDescriptor::getTable).toList());
    }
}
// end::catalog[]
