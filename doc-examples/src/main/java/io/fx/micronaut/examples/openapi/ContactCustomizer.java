package io.fx.micronaut.examples.openapi;

import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Contact;
import jakarta.inject.Singleton;

/**
 * The README's customizer: adds a contact to the blog's OpenAPI document.
 *
 * @since 0.1.0
 */
// tag::customizer[]
@Singleton
public class ContactCustomizer implements OpenApiCustomizer {
    @Override
    public void customize(OpenAPI document) {
        document.getInfo().contact(new Contact().name("Blog team").email("blog@example.com"));
    }
}
// end::customizer[]
