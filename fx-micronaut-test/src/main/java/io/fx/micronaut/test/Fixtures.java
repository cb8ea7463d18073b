package io.fx.micronaut.test;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * Creates valid records of the application's models for a test, through {@link Models} (so the models' validation,
 * defaults, scopes and record listeners apply, as for a request without the Auth step):
 *
 * <pre>{@code
 * @Inject Fixtures fixtures;
 *
 * Map<String, Object> post = fixtures.of(Post.class).with("title", "Hello").create();
 * List<Map<String, Object>> ten = fixtures.of(Post.class).createMany(10);
 * }</pre>
 *
 * Every field the test leaves unset that a create needs gets a valid value from the model's descriptor: unique
 * strings, the first value of an {@code enum}, numbers at {@code min}; a required key of a BelongsTo relation gets a
 * parent record, created the same way. Fields with a {@code default} keep it.
 *
 * <p>{@link Models} joins the transaction of the current thread: in a {@code @MicronautTest} class left
 * {@code transactional} (Micronaut Test's default), the records are written in the test's own transaction, rolled
 * back after the test and invisible to requests to the server. A test that talks to the server through
 * {@link FxClient} says {@code @MicronautTest(transactional = false)}.</p>
 *
 * @since 0.9.0
 */
@Singleton
public final class Fixtures {

    private final ModelRegistry registry;
    private final Models models;
    private final FixtureValues values = new FixtureValues();

    Fixtures(ModelRegistry registry, Models models) {
        this.registry = registry;
        this.models = models;
    }

    /**
     * @param type a registered model class
     * @return a fixture of that model, with no field set yet
     * @throws IllegalArgumentException when the class is not a registered model
     */
    @NonNull
    public Fixture of(@NonNull Class<?> type) {
        return new Fixture(this, registry.findByType(type)
            .orElseThrow(() -> new IllegalArgumentException(type.getName() + " is not a registered model")));
    }

    /**
     * @param name a registered model name (the class's simple name)
     * @return a fixture of that model, with no field set yet
     * @throws IllegalArgumentException when no such model is registered
     */
    @NonNull
    public Fixture of(@NonNull String name) {
        return new Fixture(this, registry.findByName(name)
            .orElseThrow(() -> new IllegalArgumentException(name + " is not a registered model")));
    }

    Fixture of(ModelDescriptor model) {
        return new Fixture(this, model);
    }

    Models models() {
        return models;
    }

    FixtureValues values() {
        return values;
    }
}
