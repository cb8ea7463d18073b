package io.fx.micronaut.examples.openapi;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;

/**
 * An application controller beside the generated routes. Micronaut OpenAPI describes it at compile
 * time ({@code META-INF/swagger/*.yml}); fx-micronaut merges that description into
 * {@code /api/openapi.json}, so one document covers both. The Auth step does not run for a plain controller,
 * so it says who may call it: the collection names are public on purpose ({@code @Secured("isAnonymous()")},
 * the value of Micronaut Security's {@code SecurityRule.IS_ANONYMOUS}; the annotation comes with
 * fx-micronaut-security, Micronaut Security itself is not needed); without such a declaration production
 * validation would refuse to start, naming the route.
 *
 * @since 0.1.0
 */
// tag::catalog[]
// tag::catalog-declaration[]
@Controller("/api/catalog")
@Secured("isAnonymous()")
public class CatalogController {
// end::catalog-declaration[]

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
