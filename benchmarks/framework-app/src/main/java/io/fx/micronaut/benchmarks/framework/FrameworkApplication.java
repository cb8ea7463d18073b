package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.examples.blog.BlogApplication;
import io.micronaut.runtime.Micronaut;

/**
 * Starts the blog example unchanged (its models, its {@code application.yml}, its variables); the harness overrides
 * the port and the datasource with system properties or {@code PORT}/{@code DB_WRITE_URL}, and may set blog
 * variables with {@code -Dbench.env.NAME=value} ({@link BenchmarkVariables}).
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
        BlogApplication.configure(Micronaut.build(args).mainClass(BlogApplication.class), BenchmarkVariables.environment())
            .start();
    }
}
