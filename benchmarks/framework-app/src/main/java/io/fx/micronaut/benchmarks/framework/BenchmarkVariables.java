package io.fx.micronaut.benchmarks.framework;

import java.util.HashMap;
import java.util.Map;

/**
 * The blog's variables as a benchmark server and its seeder see them: the process environment, overlaid with every
 * system property {@code bench.env.NAME=value} as the variable {@code NAME}. A run.sh variant thus sets blog
 * variables with JVM options alone, e.g. the encryption keys:
 * {@code --variant encrypted="-Dbench.env.BLOG_KEY_DEFAULT=... -Dbench.env.BLOG_KEY_INDEX=..."}.
 *
 * @since 0.10.0
 */
final class BenchmarkVariables {

    /** The prefix of the system properties that set a blog variable. */
    static final String PREFIX = "bench.env.";

    private BenchmarkVariables() {
    }

    /** @return the process environment with the {@code bench.env.*} system properties on top */
    static Map<String, String> environment() {
        Map<String, String> variables = new HashMap<>(System.getenv());
        System.getProperties().stringPropertyNames().stream()
            .filter(name -> name.startsWith(PREFIX) && name.length() > PREFIX.length())
            .forEach(name -> variables.put(name.substring(PREFIX.length()), System.getProperty(name)));
        return Map.copyOf(variables);
    }
}
