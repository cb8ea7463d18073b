package io.fx.micronaut.benchmarks.jmh;

import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.encryption.KeyVariables;
import io.fx.micronaut.examples.blog.Author;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.ApplicationContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Nanoseconds per encryption and decryption of the blog's {@code Author.email} (made {@code encrypted, unique} as
 * {@code BLOG_KEY_DEFAULT} makes it) through the field's codec, the path every read and write takes: AES-256-GCM with
 * the envelope, and the blind index a write adds. Not run by the build.
 *
 * @since 0.10.0
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class EncryptionBenchmark {

    private static final String EMAIL = "ann.archer@example.com";

    private ApplicationContext context;
    private FieldCodecs codecs;
    private FieldDescriptor email;
    private StorageContext caller;
    private Object stored;

    /** Starts the blog's context with its keys and takes the email field's codec. */
    @Setup(Level.Trial)
    public void setUp() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 7);
        String encoded = Base64.getEncoder().encodeToString(key);
        Map<String, String> variables = Map.of("BLOG_KEY_DEFAULT", encoded, "BLOG_KEY_INDEX", encoded);
        context = ApplicationContext.builder()
            .properties(Map.of(
                "datasources.default.url", "jdbc:h2:mem:jmh-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                "datasources.default.driver-class-name", "org.h2.Driver",
                "datasources.default.username", "sa",
                "datasources.default.password", "",
                "blog.encryption.enabled", "true"))
            .singletons((KeyVariables) name -> Optional.ofNullable(variables.get(name)))
            .start();
        codecs = context.getBean(FieldCodecs.class);
        email = context.getBean(ModelRegistry.class).findByType(Author.class).orElseThrow().findField("email").orElseThrow();
        caller = StorageContext.system();
        stored = codecs.encode(email, EMAIL, caller);
    }

    /** Closes the context. */
    @TearDown(Level.Trial)
    public void tearDown() {
        context.close();
    }

    /** @return a fresh envelope of the e-mail */
    @Benchmark
    public Object encrypt() {
        return codecs.encode(email, EMAIL, caller);
    }

    /** @return the e-mail of a stored envelope */
    @Benchmark
    public Object decrypt() {
        return codecs.decode(email, stored, caller);
    }
}
