package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.blog.BlogApplication;
import io.fx.micronaut.examples.blog.WalkthroughDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.context.env.Environment;
import io.micronaut.context.env.MapPropertySource;
import io.micronaut.context.env.PropertySource;
import io.micronaut.runtime.server.EmbeddedServer;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The blog example started the way {@link BlogApplication#main} starts it, through
 * {@link BlogApplication#configure}, with a map standing in for the process environment: the map is
 * also a property source with Micronaut's environment-variable convention, as real variables are, so
 * {@code BLOG_TENANCY} is also {@code blog.tenancy} and the {@code ${BLOG_...}} placeholders of
 * {@code application-jwt.yml} resolve from it ({@link BlogVariablesTest} uses real variables). The real
 * Netty server on a random
 * port, and an in-memory H2 database of its own, or (the build's PostgreSQL run) the database of
 * {@code DB_WRITE_URL} as the README configures it, its schema emptied first.
 */
public final class BlogServer implements AutoCloseable {

    private final ApplicationContext context;
    private final EmbeddedServer server;

    private BlogServer(ApplicationContext context) {
        this.context = context;
        this.server = context.getBean(EmbeddedServer.class);
    }

    public static BlogServer start(Map<String, String> variables) {
        return start(variables, Map.of());
    }

    public static BlogServer start(Map<String, String> variables, Map<String, Object> properties, String... environments) {
        return start(null, variables, properties, environments);
    }

    /**
     * A second instance of a running blog, as a replica: the same database (not emptied again), its own server.
     *
     * @param first     the running blog
     * @param variables this instance's variables
     * @return the replica, started
     */
    public static BlogServer replicaOf(BlogServer first, Map<String, String> variables) {
        return start(first, variables, Map.of());
    }

    private static BlogServer start(BlogServer first, Map<String, String> variables, Map<String, Object> properties,
                                    String... environments) {
        ApplicationContextBuilder builder = ApplicationContext.builder().environments("test").environments(environments);
        Map<String, Object> own = new HashMap<>(properties);
        own.put("micronaut.server.port", -1);
        String postgres = System.getenv("DB_WRITE_URL");
        if (postgres == null || postgres.isBlank()) {
            own.put("datasources.default.url", first != null
                ? first.context.getRequiredProperty("datasources.default.url", String.class)
                : "jdbc:h2:mem:blog-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        } else if (first == null) {
            WalkthroughDatabase.reset(postgres);
        }
        variables(builder, variables);
        builder.properties(own);
        BlogApplication.configure(builder, variables);
        ApplicationContext context = builder.start();
        try {
            context.getBean(EmbeddedServer.class).start();
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
        return new BlogServer(context);
    }

    /**
     * The configuration the variables give, without starting the blog: its environment only, started, so
     * the properties can be read (close it with {@link Environment#stop()}).
     */
    static Environment environment(Map<String, String> variables) {
        ApplicationContextBuilder builder = ApplicationContext.builder().environments("test");
        variables(builder, variables);
        return BlogApplication.configure(builder, variables).build().getEnvironment().start();
    }

    /** The variables as a property source with the environment-variable convention, as real ones are. */
    private static void variables(ApplicationContextBuilder builder, Map<String, String> variables) {
        builder.propertySources(new MapPropertySource("blog-variables", new HashMap<>(variables)) {
            @Override
            public PropertyConvention getConvention() {
                return PropertyConvention.ENVIRONMENT_VARIABLE;
            }
        });
    }

    public String url() {
        return server.getURL().toString();
    }

    public ApplicationContext context() {
        return context;
    }

    @Override
    public void close() {
        context.close();
    }
}
