package io.fx.micronaut.examples.blog;

import io.micronaut.runtime.Micronaut;

/**
 * Starts the blog example: a plain Micronaut application. fx-micronaut discovers the
 * {@code @FxModel} classes of this package, migrates their tables and serves them under {@code /api}.
 *
 * @since 0.1.0
 */
public final class BlogApplication {

    private BlogApplication() {
    }

    /**
     * @param args command-line arguments, passed to Micronaut
     */
    public static void main(String[] args) {
        Micronaut.run(BlogApplication.class, args);
    }
}
