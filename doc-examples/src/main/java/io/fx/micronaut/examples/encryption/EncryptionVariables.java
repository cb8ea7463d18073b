package io.fx.micronaut.examples.encryption;

import io.fx.micronaut.encryption.KeyVariables;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;

import java.util.Map;
import java.util.Optional;

/**
 * The blog's encryption variables: the {@code BLOG_KEY_*} keys are read from the variables the blog is configured
 * with (the process environment in {@code main}), and {@code BLOG_KEY_DEFAULT} turns {@code Author.email}'s
 * encryption on ({@link EncryptedAuthorEmail}). {@code application.yml} names the provider, the prefix, the index key
 * and {@code BLOG_ACTIVE_KEY}.
 *
 * @since 0.10.0
 */
public final class EncryptionVariables {

    /** The property that {@code BLOG_KEY_DEFAULT} sets, turning the encryption of {@code Author.email} on. */
    public static final String ENABLED = "blog.encryption.enabled";

    private EncryptionVariables() {
    }

    /**
     * @param builder     the context builder
     * @param environment the blog's variables
     */
    public static void apply(@NonNull ApplicationContextBuilder builder, @NonNull Map<String, String> environment) {
        Map<String, String> variables = Map.copyOf(environment);
        // tag::variables[]
        builder.singletons((KeyVariables) name -> Optional.ofNullable(variables.get(name)));
        if (environment.containsKey("BLOG_KEY_DEFAULT")) {
            builder.properties(Map.of(ENABLED, "true"));
        }
        // end::variables[]
    }
}
