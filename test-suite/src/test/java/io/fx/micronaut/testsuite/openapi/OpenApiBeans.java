package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.micronaut.context.annotation.Requires;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Contact;
import jakarta.inject.Singleton;

/** Customizers of {@link OpenApiDocumentTest}: the second sees what the first did. */
final class OpenApiBeans {

    static final String SPEC = "OpenApiDocumentTest";

    private OpenApiBeans() {
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class AddContact implements OpenApiCustomizer {
        @Override
        public int getOrder() {
            return 1;
        }

        @Override
        public void customize(OpenAPI document) {
            document.getInfo().contact(new Contact().email("api@example.com"));
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class SignContact implements OpenApiCustomizer {
        @Override
        public int getOrder() {
            return 2;
        }

        @Override
        public void customize(OpenAPI document) {
            Contact contact = document.getInfo().getContact();
            contact.name("ran after " + contact.getEmail());
        }
    }
}
