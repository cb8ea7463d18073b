package io.fx.micronaut.examples.encryption;

import io.fx.micronaut.examples.blog.Author;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * With {@code BLOG_KEY_DEFAULT} set, {@code Author.email} becomes {@code required, unique, encrypted}: the
 * {@code @FxModel} class is registered again with its own options and this one override, so the class itself stays
 * as it is (and the blog without keys keeps its filterable plain-text e-mail).
 *
 * @since 0.10.0
 */
// tag::registrar[]
@Singleton
@Requires(property = EncryptionVariables.ENABLED, value = "true")
public class EncryptedAuthorEmail implements ModelRegistrar {

    @Override
    public void register(@NonNull ModelRegistration registration) {
        registration.register(Author.class, registration.optionsOf(Author.class)
            .directives("email", "required, unique, encrypted"));
    }
}
// end::registrar[]
