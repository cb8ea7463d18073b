package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.benchmarks.jmh.BlogContext;
import io.fx.micronaut.benchmarks.jmh.TypedPost;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.json.JsonMapper;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Serialising a list answer of 20 or 200 posts: the framework's path (rows as read by the JDBC adapter,
 * rendered by {@link DefaultResponseStep#render}, enveloped and written by {@link JsonCodec#writeBytes})
 * against the hand-written path (typed {@code @Serdeable} records written by the same {@link JsonMapper}).
 * Both produce the same bytes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class SerializationBenchmark {

    @Param({"20", "200"})
    private int rows;

    private BlogContext blog;
    private ModelDescriptor post;
    private JsonCodec json;
    private JsonMapper mapper;
    private List<Map<String, Object>> page;
    private TypedPost.Page typedPage;

    /** Prepares the rows both ways. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        blog = new BlogContext();
        post = blog.post();
        json = blog.bean(JsonCodec.class);
        mapper = blog.bean(JsonMapper.class);
        page = BlogContext.postRows(rows);
        typedPage = TypedPost.page(page, 10_000);
        String framework = new String(framework(), java.nio.charset.StandardCharsets.UTF_8);
        String typed = new String(typed(), java.nio.charset.StandardCharsets.UTF_8);
        if (!framework.equals(typed)) {
            throw new IllegalStateException("the two paths write different JSON:\n" + framework + "\n" + typed);
        }
    }

    /** Closes the context. */
    @TearDown(Level.Trial)
    public void tearDown() {
        blog.close();
    }

    /** @return the framework's response bytes */
    @Benchmark
    public byte[] framework() {
        List<Map<String, Object>> data = new ArrayList<>(page.size());
        for (Map<String, Object> row : page) {
            data.add(DefaultResponseStep.render(post, row));
        }
        Map<String, Object> meta = new LinkedHashMap<>(8);
        meta.put("total", 10_000L);
        meta.put("page", 1);
        meta.put("limit", rows);
        meta.put("pages", (10_000L + rows - 1) / rows);
        Map<String, Object> envelope = new LinkedHashMap<>(4);
        envelope.put("data", data);
        envelope.put("meta", meta);
        return json.writeBytes(envelope);
    }

    /** @return the hand-written service's response bytes */
    @Benchmark
    public byte[] typed() throws IOException {
        return mapper.writeValueAsBytes(typedPage);
    }
}
