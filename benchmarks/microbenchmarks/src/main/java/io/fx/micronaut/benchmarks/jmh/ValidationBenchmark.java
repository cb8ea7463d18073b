package io.fx.micronaut.benchmarks.jmh;

import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.validation.RecordValidator;
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

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A valid create body for the blog's Post (the load benchmark's POST body): parsing it
 * ({@link JsonCodec#readObject}) and validating it ({@link RecordValidator#validate}), separately and together.
 *
 * @since 0.1.0
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class ValidationBenchmark {

    private static final byte[] BODY = ("{\"title\":\"Bench post 1\",\"body\":\"Created by the load benchmark.\","
        + "\"status\":\"archived\",\"views\":1,\"rating\":3.5,\"labels\":[\"bench\",\"wrk\"],\"attributes\":{\"source\":\"wrk\"}}")
        .getBytes(StandardCharsets.UTF_8);

    private BlogContext blog;
    private ModelDescriptor post;
    private JsonCodec json;
    private RecordValidator validator;
    private Map<String, Object> parsed;

    /** Takes the framework's beans from the blog context. */
    @Setup(Level.Trial)
    public void setUp() {
        blog = new BlogContext();
        post = blog.post();
        json = blog.bean(JsonCodec.class);
        validator = blog.bean(RecordValidator.class);
        parsed = json.readObject(BODY);
        validator.validate(post, parsed, true);
    }

    /** Closes the context. */
    @TearDown(Level.Trial)
    public void tearDown() {
        blog.close();
    }

    /** @return the parsed body */
    @Benchmark
    public Map<String, Object> parseBody() {
        return json.readObject(BODY);
    }

    /** @return the validated values */
    @Benchmark
    public Map<String, Object> validateCreate() {
        return validator.validate(post, parsed, true);
    }

    /** @return the validated values of a freshly parsed body */
    @Benchmark
    public Map<String, Object> parseAndValidateCreate() {
        return validator.validate(post, json.readObject(BODY), true);
    }
}
