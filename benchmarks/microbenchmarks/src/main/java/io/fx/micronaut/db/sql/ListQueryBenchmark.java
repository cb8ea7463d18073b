package io.fx.micronaut.db.sql;

import io.fx.micronaut.benchmarks.jmh.BlogContext;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.QueryParser;
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
import org.openjdk.jmh.infra.Blackhole;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A list request {@code ?filter=status:eq:published&sort=views:desc&page=2&limit=20} on the blog's Post:
 * query-string parsing ({@link QueryParser}), SQL building ({@link WhereClause} over the startup-rendered
 * {@link ModelStatements}), and both, as {@code DefaultDeserializeStep} and {@code SqlDataStore.list} run them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class ListQueryBenchmark {

    private BlogContext blog;
    private ModelDescriptor post;
    private QueryParser parser;
    private ModelStatements statements;
    private H2Dialect dialect;
    private CallScopes scopes;
    private JsonCodec json;
    private Map<String, List<String>> parameters;
    private ListQuery parsed;

    /** Builds the descriptor through the real registry. */
    @Setup(Level.Trial)
    public void setUp() {
        blog = new BlogContext();
        post = blog.post();
        json = blog.bean(JsonCodec.class);
        parser = new QueryParser();
        dialect = new H2Dialect();
        scopes = CallScopes.of(new StorageExtensions(List.of(), List.of()), StorageContext.system(), dialect,
            json::writeString);
        statements = new ModelStatements(post, dialect, List.of());
        parameters = new LinkedHashMap<>();
        parameters.put("filter", List.of("status:eq:published"));
        parameters.put("sort", List.of("views:desc"));
        parameters.put("page", List.of("2"));
        parameters.put("limit", List.of("20"));
        parsed = parser.parse(post, parameters);
    }

    /** Closes the context. */
    @TearDown(Level.Trial)
    public void tearDown() {
        blog.close();
    }

    /** @return the parsed query */
    @Benchmark
    public ListQuery parse() {
        return parser.parse(post, parameters);
    }

    /** @param hole sink */
    @Benchmark
    public void buildSql(Blackhole hole) {
        build(parsed, hole);
    }

    /** @param hole sink */
    @Benchmark
    public void parseAndBuildSql(Blackhole hole) {
        build(parser.parse(post, parameters), hole);
    }

    private void build(ListQuery query, Blackhole hole) {
        WhereClause where = WhereClause.of(statements, query, dialect, json::writeString, scopes);
        hole.consume(statements.countFrom + where.sql);
        hole.consume(statements.selectFrom + where.sql + Keyset.of(post, query, dialect).orderBy(dialect) + " LIMIT ?");
        hole.consume(where.parameters);
    }
}
