package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.model.Versioning;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Registers the scheduled-fields test models in the applications that set {@code spec.scheduled}, so no other
 * test's application sweeps: {@link Broadcast} and {@link Retainer} soft-delete, {@link Ephemeral} does not.
 */
@Singleton
@Requires(property = ScheduledTestModels.PROPERTY, value = "true")
public final class ScheduledTestModels implements ModelRegistrar {

    /** Set it to {@code true} to register the models. */
    public static final String PROPERTY = "spec.scheduled";

    @Override
    public void register(ModelRegistration registration) {
        registration.register(Broadcast.class,
            ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP).versioning(Versioning.DEFAULT),
            Retainer.class, ModelOptions.defaults().softDelete(SoftDelete.TIMESTAMP),
            RetainerNote.class, Ephemeral.class);
    }
}
