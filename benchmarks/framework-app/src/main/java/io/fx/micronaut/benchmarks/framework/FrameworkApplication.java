package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.examples.blog.BlogApplication;

/**
 * Starts the blog example unchanged (its models, its {@code application.yml}); the harness overrides
 * the port and the datasource with system properties or {@code PORT}/{@code DB_WRITE_URL}.
 *
 * @since 0.1.0
 */
public final class FrameworkApplication {

    private FrameworkApplication() {
    }

    /**
     * @param args command-line arguments, passed to Micronaut
     */
    public static void main(String[] args) {
        BlogApplication.main(args);
    }
}
