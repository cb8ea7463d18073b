package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Registers the introspected (not auto-discovered) model classes a test's application names in
 * {@value #PROPERTY}, such as deliberately broken models no other application may see:
 * {@code Databases.config(name, SpecModels.PROPERTY, SpecModels.of(Broken.class))}.
 */
@Singleton
@Requires(property = SpecModels.PROPERTY)
public final class SpecModels implements ModelRegistrar {

    /** The property naming the classes to register, by binary name, comma-separated, in order. */
    public static final String PROPERTY = "spec.models";

    private final List<String> classNames;

    SpecModels(@Property(name = PROPERTY) List<String> classNames) {
        this.classNames = classNames;
    }

    /** @return the {@value #PROPERTY} value naming the classes */
    public static String of(Class<?>... models) {
        return Arrays.stream(models).map(Class::getName).collect(Collectors.joining(","));
    }

    @Override
    public void register(ModelRegistration registration) {
        for (String name : classNames) {
            try {
                registration.register(Class.forName(name.trim(), true, SpecModels.class.getClassLoader()));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(PROPERTY + " names " + name + ", which is not a class", e);
            }
        }
    }
}
