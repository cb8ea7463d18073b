package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * One scope resolver on posts, for measuring what a scope costs (run.sh --variant scoped="-Dbench.scope=true"):
 * it admits every status, so each request returns the same rows as without it and only the work of
 * resolving and rendering the scope differs.
 */
@Singleton
@Requires(property = "bench.scope", value = "true")
public class BenchmarkScope implements ScopeResolver {

    private static final List<String> STATUSES = List.of("draft", "published", "archived");

    @Override
    public boolean appliesTo(ModelDescriptor model) {
        return model.getName().equals("Post");
    }

    @Override
    public RecordScope resolve(ModelDescriptor model, StorageContext context) {
        return RecordScope.of(model).in("status", STATUSES).build();
    }
}
